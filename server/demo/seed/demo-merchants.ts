import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { creditCodeCheckChar, idCardCheckChar, idCardFacts } from '../../../contract/china-ids'
import { BUSINESS_CATEGORIES, type BusinessCategory, type MerchantStatus } from '../../../contract/merchant-list'
import type { Merchant } from '../../../contract/merchants'
import { Role, UserStatus } from '../../../contract/roles'
import { shanghaiDayOf, shanghaiDayStart } from '../../../contract/time'
import { hashPassword, md5Hex } from '../../lib/passwords'
import type { Database } from '../../db/client'
import { markets, merchants, users } from '../../db/schema'
import { demoMarkets } from './demo-markets'
import { pick, seededRandom, weighted, type Random } from './random'

/**
 * Demo merchants: stallholders with the names, stalls, ID cards and numbers a Hebei market's register
 * would show. Generated from a seeded PRNG, so every demo database holds the same people; the bench
 * (bench/merchants-seed.mjs) uses the same generator for its 200,000.
 */

/** The password of every demo merchant account (merchants cannot sign in to the console). */
const DEMO_MERCHANT_PASSWORD = 'Merchant123'

const digits = (random: Random, length: number) => Array.from({ length }, () => Math.floor(random() * 10)).join('')

/** Hebei's cities with real county-level division codes (GB/T 2260): ID card and credit code prefixes. */
export const HEBEI_PLACES = [
  {
    city: '石家庄市',
    districts: [
      ['130102', '长安区'],
      ['130104', '桥西区'],
      ['130105', '新华区'],
      ['130108', '裕华区'],
      ['130109', '藁城区'],
      ['130181', '辛集市'],
    ],
  },
  {
    city: '唐山市',
    districts: [
      ['130202', '路南区'],
      ['130203', '路北区'],
      ['130204', '古冶区'],
      ['130281', '遵化市'],
      ['130283', '迁安市'],
    ],
  },
  {
    city: '秦皇岛市',
    districts: [
      ['130302', '海港区'],
      ['130303', '山海关区'],
      ['130304', '北戴河区'],
    ],
  },
  {
    city: '邯郸市',
    districts: [
      ['130402', '邯山区'],
      ['130403', '丛台区'],
      ['130404', '复兴区'],
      ['130481', '武安市'],
    ],
  },
  {
    city: '邢台市',
    districts: [
      ['130502', '襄都区'],
      ['130503', '信都区'],
      ['130582', '沙河市'],
    ],
  },
  {
    city: '保定市',
    districts: [
      ['130602', '竞秀区'],
      ['130606', '莲池区'],
      ['130681', '涿州市'],
      ['130683', '安国市'],
    ],
  },
  {
    city: '张家口市',
    districts: [
      ['130702', '桥东区'],
      ['130703', '桥西区'],
      ['130705', '宣化区'],
    ],
  },
  {
    city: '承德市',
    districts: [
      ['130802', '双桥区'],
      ['130803', '双滦区'],
    ],
  },
  {
    city: '沧州市',
    districts: [
      ['130902', '新华区'],
      ['130903', '运河区'],
      ['130981', '泊头市'],
      ['130984', '河间市'],
    ],
  },
  {
    city: '廊坊市',
    districts: [
      ['131002', '安次区'],
      ['131003', '广阳区'],
      ['131081', '霸州市'],
      ['131082', '三河市'],
    ],
  },
  {
    city: '衡水市',
    districts: [
      ['131102', '桃城区'],
      ['131103', '冀州区'],
      ['131182', '深州市'],
    ],
  },
] as const
type Place = (typeof HEBEI_PLACES)[number]

/** The most common surnames, most common first (the first ones are picked more often). */
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
  '梁',
  '宋',
  '郑',
  '谢',
  '韩',
  '唐',
  '冯',
  '于',
  '董',
  '程',
  '曹',
  '袁',
  '邓',
  '许',
  '沈',
  '曾',
  '彭',
  '吕',
  '苏',
  '卢',
  '蒋',
  '蔡',
  '贾',
  '魏',
  '薛',
  '闫',
  '田',
  '崔',
  '齐',
  '耿',
]
const MALE_NAMES = [
  '建国',
  '志强',
  '国强',
  '建军',
  '建华',
  '永刚',
  '立新',
  '振华',
  '德胜',
  '春生',
  '海波',
  '宏伟',
  '文博',
  '俊杰',
  '子豪',
  '浩然',
  '伟',
  '强',
  '磊',
  '军',
  '勇',
  '杰',
  '涛',
  '斌',
  '超',
  '明',
  '刚',
  '平',
  '辉',
  '鹏',
  '亮',
  '锋',
]
const FEMALE_NAMES = [
  '秀英',
  '桂兰',
  '丽华',
  '海燕',
  '玉兰',
  '淑珍',
  '秀兰',
  '凤英',
  '红梅',
  '雪梅',
  '晓燕',
  '丽娟',
  '美玲',
  '春梅',
  '玉珍',
  '翠花',
  '静',
  '丽',
  '敏',
  '芳',
  '娟',
  '霞',
  '艳',
  '婷',
  '慧',
  '燕',
  '萍',
  '颖',
]

/** How often each category is sold (vegetable stalls are the most common), and its zone's letter. */
const CATEGORY_MIX: Record<BusinessCategory, { weight: number; zone: string; goods: readonly string[] }> = {
  vegetables: { weight: 26, zone: 'A', goods: ['蔬菜', '鲜菜', '时令蔬菜', '菜摊'] },
  fruit: { weight: 15, zone: 'B', goods: ['水果', '鲜果', '果品'] },
  meat: { weight: 14, zone: 'C', goods: ['鲜肉', '猪肉', '牛羊肉', '冷鲜肉'] },
  aquatic: { weight: 8, zone: 'D', goods: ['水产', '海鲜', '鲜鱼'] },
  eggs_poultry: { weight: 8, zone: 'E', goods: ['禽蛋', '鸡蛋', '土鸡'] },
  grain_oil: { weight: 8, zone: 'F', goods: ['粮油', '米面', '杂粮'] },
  dry_goods: { weight: 8, zone: 'G', goods: ['干货', '南北干货', '调料'] },
  cooked_food: { weight: 8, zone: 'H', goods: ['熟食', '卤味', '酱肉'] },
  other: { weight: 5, zone: 'J', goods: ['豆制品', '杂货', '调味品'] },
}
const CATEGORY_CHOICES = BUSINESS_CATEGORIES.map((category) => [category, CATEGORY_MIX[category].weight] as const)

const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '156',
  '157',
  '158',
  '159',
  '176',
  '177',
  '180',
  '182',
  '183',
  '185',
  '186',
  '187',
  '188',
  '189',
  '199',
]
const STREETS = ['建设路', '人民路', '解放路', '中山路', '新华路', '胜利街', '和平路', '友谊大街', '光明街', '育才路']
const VILLAGES = ['张家庄村', '李各庄村', '王官营村', '东关村', '西营村', '后屯村', '南杨庄村', '北辛庄村']
const NOTES = ['周日休息', '兼营批发，可送货上门', '节假日照常营业', '需要时可开具发票', '早市 5:30 开门']
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY'

/** The account username of a market's merchant number n, as nextAccountUsername makes it (0314888-0001). */
const merchantUsername = (operatorUsername: string, n: number) => `${operatorUsername}-${String(n).padStart(4, '0')}`

/** The place whose city an address names (the market's city), if any. */
export const placeOf = (address: string): Place | undefined =>
  HEBEI_PLACES.find((place) => address.includes(place.city))

/** An 18-digit ID card number born on a day of 1960–2000, with its check digit; odd 17th digit for men. */
function idCardNumber(random: Random, region: string, male: boolean): string {
  const start = Date.UTC(1960, 0, 1)
  const birth = new Date(start + Math.floor((random() * (Date.UTC(2000, 11, 31) - start)) / 86_400_000) * 86_400_000)
  const day = birth.toISOString().slice(0, 10).replaceAll('-', '')
  const order = Math.floor(random() * 50) * 2 + (male ? 1 : 0)
  const first17 = `${region}${day}${String(Math.floor(random() * 10))}${String(order).padStart(2, '0')}`
  return first17 + idCardCheckChar(first17)
}

/** A unified social credit code: 92 for an individual business (个体工商户), 91 for a company. */
function creditCode(random: Random, region: string, company: boolean): string {
  const organisation = `MA${Array.from({ length: 7 }, () => pick(random, [...USCC_CHARS])).join('')}`
  const first17 = `${company ? '91' : '92'}${region}${organisation}`
  return first17 + creditCodeCheckChar(first17)
}

export type GeneratedMerchant = {
  /** The account's number within the market (its username's NNNN): registration order. */
  seq: number
  account: {
    username: string
    status: number
    registeredAt: Date
  }
  merchant: Omit<typeof merchants.$inferInsert, 'id' | 'marketId' | 'accountUk'>
}

export type MerchantOptions = {
  seed: number
  count: number
  /** The market operator's username: accounts are `<it>-0001`, … */
  operatorUsername: string
  /** The market's city: most stallholders come from its districts. */
  place?: Place | undefined
  /** Registrations fall within the `spanDays` days before `now` (ms), during market hours. */
  now: number
  spanDays: number
  /** ID card numbers already given (across markets): each person gets a number of their own. */
  idCardsTaken?: Set<string>
}

/**
 * A market's merchants in registration order: stalls numbered by zone (A-01, …, one zone per
 * category), ID cards whose birth date and 17th digit agree with the age and gender, credit codes for
 * registered businesses and '' for individual stallholders, some who have left.
 */
export function generateMerchants(options: MerchantOptions): GeneratedMerchant[] {
  const random = seededRandom(options.seed)
  const { count, now, spanDays } = options
  const today = shanghaiDayOf(now)
  const home = options.place ?? pick(random, HEBEI_PLACES)
  const taken = options.idCardsTaken ?? new Set<string>()
  const created = Array.from({ length: count }, () => {
    // A day in the span, then a time between 06:30 and 17:30 in Shanghai.
    const day = shanghaiDayOf(now - Math.floor(random() * spanDays + 1) * 86_400_000)
    return shanghaiDayStart(day).getTime() + 6.5 * 3_600_000 + Math.floor(random() * 11 * 3_600_000)
  }).sort((a, b) => a - b)
  const stallsInZone = new Map<string, number>()
  return created.map((createdAt, index) => {
    const male = random() < 0.55
    const place = random() < 0.7 ? home : pick(random, HEBEI_PLACES)
    const [region, district] = pick<readonly [string, string]>(random, place.districts)
    let idCardNo = idCardNumber(random, region, male)
    while (taken.has(idCardNo)) idCardNo = idCardNumber(random, region, male)
    taken.add(idCardNo)
    const facts = idCardFacts(idCardNo, today) as NonNullable<ReturnType<typeof idCardFacts>>
    // Common surnames more often: the square of a uniform number leans to the list's head.
    const surname = SURNAMES[Math.floor(random() ** 2 * SURNAMES.length)] as string
    const person = `${surname}${pick(random, male ? MALE_NAMES : FEMALE_NAMES)}`
    const category = weighted(random, CATEGORY_CHOICES)
    const mix = CATEGORY_MIX[category]
    const shop = random() < 0.25
    const goods = pick(random, mix.goods)
    const name = shop
      ? pick(random, [`老${surname}${goods}`, `${surname}记${goods}`, `${person}${goods}`, `${surname}家${goods}`])
      : person
    const stall = (stallsInZone.get(mix.zone) ?? 0) + 1
    stallsInZone.set(mix.zone, stall)
    // Shops are more often registered businesses; a few are companies.
    const registered = random() < (shop ? 0.7 : 0.25)
    const status: MerchantStatus = random() < 0.05 ? 'left' : 'active'
    const youth = facts.age <= 28
    const createdTime = new Date(createdAt)
    const seq = index + 1
    return {
      seq,
      account: {
        username: merchantUsername(options.operatorUsername, seq),
        status: status === 'left' ? UserStatus.FROZEN : UserStatus.NORMAL,
        registeredAt: createdTime,
      },
      merchant: {
        accountUsername: merchantUsername(options.operatorUsername, seq),
        name,
        bankMerchantNo: `10213${region.slice(2)}${digits(random, 6)}`,
        otherBankNo: random() < 0.2 ? `62${digits(random, 10)}` : '',
        paymentSubMerchantNo: random() < 0.4 ? `16${digits(random, 8)}` : '',
        stallNo: `${mix.zone}-${String(stall).padStart(2, '0')}`,
        phone: `${pick(random, MOBILE_PREFIXES)}${digits(random, 8)}`,
        idCardNo,
        creditCode: registered ? creditCode(random, region, shop && random() < 0.2) : '',
        category,
        age: facts.age,
        gender: facts.gender,
        political: weighted<Merchant['political']>(random, [
          ['masses', 70],
          ['', 14],
          [youth ? 'cyl_member' : 'cpc_member', 10],
          ['democratic_party', 1],
          ['other', 5],
        ]),
        education: weighted<Merchant['education']>(random, [
          ['junior_high', 34],
          ['senior_high', 28],
          ['primary', facts.age > 50 ? 16 : 4],
          ['college', 12],
          ['bachelor', 5],
          ['postgraduate', 1],
          ['', 8],
        ]),
        address:
          random() < 0.5
            ? `河北省${place.city}${district}${pick(random, STREETS)}${1 + Math.floor(random() * 300)}号`
            : `河北省${place.city}${district}${pick(random, VILLAGES)}`,
        notes: random() < 0.1 ? pick(random, NOTES) : '',
        status,
        createdAt: createdTime,
        updatedAt: status === 'left' ? new Date(Math.min(now, createdAt + 90 * 86_400_000)) : createdTime,
      },
    }
  })
}

/** The demo markets (by account) that get merchants; the first is the README's MARKET account. */
const DEMO_MERCHANT_MARKETS = 5

/**
 * How many merchants a demo market has: 50–150, and never more than its stalls (a few stay free).
 */
const demoMerchantCount = (stallCount: number, random: Random) =>
  Math.min(150, stallCount - 2, Math.max(50, Math.round(stallCount * (0.8 + 0.15 * random()))))

/**
 * Gives the first demo markets their merchants, each with its MERCHANT account, and sets each market's
 * merchantSeq so the next registration continues the numbering. Does nothing once any merchant exists
 * (or when the demo markets are not there), so it is safe on every start.
 */
export async function seedDemoMerchants(db: Database, now = Date.now()): Promise<void> {
  const [existing] = await db.select({ id: merchants.id }).from(merchants).limit(1)
  if (existing) return
  const accounts = demoMarkets()
    .slice(0, DEMO_MERCHANT_MARKETS)
    .map((market) => market.account)
  const found = await db
    .select({
      id: markets.id,
      address: markets.address,
      stallCount: markets.stallCount,
      username: users.username,
    })
    .from(markets)
    .innerJoin(users, eq(users.uk, markets.accountUk))
    .where(inArray(users.username, accounts))
  if (found.length === 0) return
  // One scrypt hash shared by every demo merchant account keeps the seed quick.
  const passwordHash = await hashPassword(md5Hex(DEMO_MERCHANT_PASSWORD))
  const idCardsTaken = new Set<string>()
  await db.transaction(async (tx) => {
    for (const market of found) {
      const index = accounts.indexOf(market.username)
      const generated = generateMerchants({
        seed: 8_000 + index,
        count: demoMerchantCount(market.stallCount, seededRandom(9_000 + index)),
        operatorUsername: market.username,
        place: placeOf(market.address),
        now,
        spanDays: 240,
        idCardsTaken,
      })
      const withAccounts = generated.map((row) => ({ ...row, uk: randomUUID() }))
      await tx.insert(users).values(
        withAccounts.map(({ uk, account }) => ({
          uk,
          ...account,
          passwordHash,
          role: Role.MERCHANT,
          marketId: market.id,
        })),
      )
      await tx
        .insert(merchants)
        .values(withAccounts.map(({ uk, merchant }) => ({ ...merchant, marketId: market.id, accountUk: uk })))
      await tx.update(markets).set({ merchantSeq: generated.length }).where(eq(markets.id, market.id))
    }
  })
}
