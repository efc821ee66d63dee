import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { Role, UserStatus } from '../../../contract/roles'
import { shanghaiDayStart } from '../../../contract/time'
import { hashPassword, md5Hex } from '../../lib/passwords'
import type { Database } from '../../db/client'
import { markets, messages, users } from '../../db/schema'
import { postMessage } from '../../messages/public'
import { demoMarkets } from './demo-markets'
import { seedDemoDevices } from './demo-devices'
import { seedDemoMerchants } from './demo-merchants'

/** Demo accounts the README prints. Later issues extend the seed with their own data. */
export const DEMO_ACCOUNTS = {
  official: { username: 'official', password: 'Official123' },
  market: { username: '0314888', password: 'Market123' },
} as const

async function isEmpty(db: Database): Promise<boolean> {
  const result = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return (result[0]?.n ?? 0) === 0
}

/**
 * Seeds the demo once, on an empty database; the demo merchants and their devices (with 30 days of
 * trading) once too, also on a demo database made before they existed.
 */
export async function seedDemo(db: Database): Promise<void> {
  if (await isEmpty(db)) await seedDemoAccounts(db)
  await seedDemoMerchants(db)
  await seedDemoDevices(db)
}

async function seedDemoAccounts(db: Database): Promise<void> {
  const officialUk = randomUUID()
  let demoOperatorUk = ''
  let demoMarketName = ''
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
      if (account === DEMO_ACCOUNTS.market.username) {
        demoOperatorUk = uk
        demoMarketName = fields.name
      }
      const [market] = await tx
        .insert(markets)
        .values({ ...fields, accountUk: uk, registeredAt: shanghaiDayStart(registeredOn) })
        .returning({ id: markets.id })
      await tx.insert(users).values({
        uk,
        username: account,
        passwordHash: marketPasswordHash,
        role: Role.MARKET,
        status: UserStatus.NORMAL,
        marketId: market?.id ?? null,
        registeredAt: shanghaiDayStart(registeredOn),
      })
    }
  })
  await seedDemoMessages(db, officialUk, { uk: demoOperatorUk, marketName: demoMarketName })
}

/** A few items in each tab of the message box, some already read; written as message keys, so each reader reads them in their language. */
async function seedDemoMessages(
  db: Database,
  officialUk: string,
  operator: { uk: string; marketName: string },
): Promise<void> {
  const operatorUk = operator.uk
  const now = Date.now()
  const minutesAgo = (m: number) => new Date(now - m * 60_000)
  const notices = [
    {
      userUk: operatorUk,
      type: 'notice',
      titleKey: 'notice_pesticide_failed_title',
      subTitleKey: 'notice_pesticide_failed_market_sub_title',
      contentKey: 'notice_pesticide_failed_content',
      // The market, the stall and the produce are the market's own data, not words to translate.
      params: { market: operator.marketName, stall: 'A-12', product: '青菜', rate: '62.5', threshold: 50 },
      messageType: 'pesticide_failed',
      at: minutesAgo(8),
    },
    {
      userUk: operatorUk,
      type: 'notice',
      titleKey: 'notice_device_offline_title',
      subTitleKey: 'notice_device_offline_sub_title',
      contentKey: 'notice_device_offline_content',
      params: { device: 'SC-0317', stall: 'B-03', minutes: 15 },
      messageType: 'device_offline',
      at: minutesAgo(42),
    },
    {
      userUk: operatorUk,
      type: 'todo',
      titleKey: 'todo_merchant_review_title',
      subTitleKey: 'todo_merchant_review_sub_title',
      contentKey: 'todo_merchant_review_content',
      params: { count: 3 },
      messageType: 'merchant_review',
      at: minutesAgo(90),
    },
    {
      userUk: operatorUk,
      type: 'message',
      titleKey: 'message_statement_ready_title',
      subTitleKey: 'message_statement_ready_sub_title',
      contentKey: 'message_statement_ready_content',
      at: minutesAgo(300),
    },
    {
      userUk: officialUk,
      type: 'notice',
      titleKey: 'notice_market_incomplete_title',
      contentKey: 'notice_market_incomplete_content',
      subTitle: '保定市莲池农贸市场',
      messageType: 'market_incomplete',
      at: minutesAgo(20),
    },
  ] as const
  for (const notice of notices) await postMessage(db, notice)
  const welcome = await postMessage(db, {
    userUk: officialUk,
    type: 'message',
    titleKey: 'message_welcome_title',
    subTitleKey: 'message_welcome_sub_title',
    contentKey: 'message_welcome_content',
    at: minutesAgo(600),
  })
  // One read item so both states show.
  await db.update(messages).set({ status: 1 }).where(eq(messages.id, welcome))
}
