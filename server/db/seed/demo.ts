import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { Role, UserStatus } from '../../../contract/roles'
import { hashPassword, md5Hex } from '../../user/passwords'
import type { Database } from '../client'
import { markets, messages, users } from '../schema'
import { postMessage } from '../../messages/service'
import { demoMarkets } from './demo-markets'

/** Demo accounts the README prints. Later issues extend the seed with their own data. */
export const DEMO_ACCOUNTS = {
  official: { username: 'official', password: 'Official123' },
  market: { username: '0314888', password: 'Market123' },
} as const


export async function isEmpty(db: Database): Promise<boolean> {
  const result = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return (result[0]?.n ?? 0) === 0
}

/** Seeds the demo once, on an empty database. */
export async function seedDemo(db: Database): Promise<void> {
  if (!(await isEmpty(db))) return
  const officialUk = randomUUID()
  let demoOperatorUk = ''
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      uk: officialUk,
      username: DEMO_ACCOUNTS.official.username,
      passwordHash: await hashPassword(md5Hex(DEMO_ACCOUNTS.official.password)),
      role: Role.OFFICIAL,
      status: UserStatus.NORMAL,
    })
    // One scrypt hash for the shared demo password keeps the first start quick.
    const marketPasswordHash = await hashPassword(md5Hex(DEMO_ACCOUNTS.market.password))
    for (const { account, password: _password, registeredOn, ...fields } of demoMarkets()) {
      const uk = randomUUID()
      if (account === DEMO_ACCOUNTS.market.username) demoOperatorUk = uk
      const [market] = await tx
        .insert(markets)
        .values({ ...fields, accountUk: uk, registeredAt: new Date(`${registeredOn}T09:00:00+08:00`) })
        .returning({ id: markets.id })
      await tx.insert(users).values({
        uk,
        username: account,
        passwordHash: marketPasswordHash,
        role: Role.MARKET,
        status: UserStatus.NORMAL,
        marketId: market?.id ?? null,
        registeredAt: new Date(`${registeredOn}T09:00:00+08:00`),
      })
    }
  })
  await seedDemoMessages(db, officialUk, demoOperatorUk)
}

/** A few items in each tab of the message box, some already read. */
async function seedDemoMessages(db: Database, officialUk: string, operatorUk: string): Promise<void> {
  const now = Date.now()
  const minutesAgo = (m: number) => new Date(now - m * 60_000)
  const rows = [
    { userUk: operatorUk, type: 'notice', title: '农残检测未通过', subTitle: '摊位 A-12 · 青菜', content: '抑制率 62.5%，超过 50% 判定阈值，请督促商户下架复检。', messageType: 'pesticide_failed', at: minutesAgo(8) },
    { userUk: operatorUk, type: 'notice', title: '设备离线', subTitle: '电子秤 SC-0317', content: '摊位 B-03 的电子秤已 15 分钟未上报数据。', messageType: 'device_offline', at: minutesAgo(42) },
    { userUk: operatorUk, type: 'todo', title: '待审核商户资料', subTitle: '3 份', content: '有 3 位商户更新了食品经营许可证，请核对。', messageType: 'merchant_review', at: minutesAgo(90) },
    { userUk: operatorUk, type: 'message', title: '平台通知', subTitle: '每日供应', content: '本月对账单已生成，可在仪表盘查看交易统计。', at: minutesAgo(300) },
    { userUk: officialUk, type: 'notice', title: '新市场待完善资料', subTitle: '保定市莲池农贸市场', content: '营业执照照片尚未上传。', messageType: 'market_incomplete', at: minutesAgo(20) },
    { userUk: officialUk, type: 'message', title: '欢迎使用每日供应', subTitle: '系统消息', content: '在市场管理中注册市场，市场运营方即可登录管理商户与设备。', at: minutesAgo(600) },
  ] as const
  for (const row of rows) await postMessage(db, row)
  // One read item so both states show.
  await db.update(messages).set({ status: 1 }).where(and(eq(messages.userUk, officialUk), eq(messages.type, 'message'), eq(messages.title, rows[5].title)))
}
