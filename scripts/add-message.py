import json, sys
# usage: addmsg.py key "en" "zh" [key en zh ...]
args = sys.argv[1:]
for loc, idx in (("en-US", 1), ("zh-CN", 2)):
    p = f"/work/main/messages/{loc}.json"
    d = json.load(open(p))
    for i in range(0, len(args), 3):
        d[args[i]] = args[i + idx]
    json.dump(d, open(p, "w"), ensure_ascii=False, indent=2)
    open(p, "a").write("\n")
