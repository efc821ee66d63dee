import { writeAudit } from '../../lib/audit'
import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { Role, UserStatus } from '../../../contract/roles'
import { shanghaiDayStart } from '../../../contract/time'
import { hashPassword, md5Hex } from '../../lib/passwords'
import type { Database } from '../../db/client'
import { devices, markets, messages, users } from '../../db/schema'
import { recomputeCredit } from '../../credit/public'
import { postMessage, type NewMessage } from '../../messages/public'
import { seedDemoComplaints } from './demo-complaints'
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
  const accounts = (await isEmpty(db)) ? await seedDemoAccounts(db) : null
  await seedDemoMerchants(db)
  await seedDemoDevices(db)
  // The ratings of the history just written, once, where complaints were just seeded (the daily job
  // keeps them after): not every market at every start.
  for (const marketId of await seedDemoComplaints(db))
    await db.transaction((tx) => recomputeCredit(tx, marketId, null, new Date()))
  // Last: a notice names one of the market's real devices.
  if (accounts) await seedDemoMessages(db, accounts)
}

/** Who the demo's messages go to: the OFFICIAL, and the demo market's operator. */
type DemoRecipients = { officialUk: string; operator: { uk: string; marketId: string; marketName: string } }

async function seedDemoAccounts(db: Database): Promise<DemoRecipients> {
  const officialUk = randomUUID()
  const operator = { uk: '', marketId: '', marketName: '' }
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
      const [market] = await tx
        .insert(markets)
        .values({ ...fields, accountUk: uk, registeredAt: shanghaiDayStart(registeredOn) })
        .returning({ id: markets.id })
      if (account === DEMO_ACCOUNTS.market.username)
        Object.assign(operator, { uk, marketId: market?.id ?? '', marketName: fields.name })
      // The operation log starts with how the demo came to be: OFFICIAL registered each market.
      if (market)
        await writeAudit(tx, market.id, {
          actorUk: officialUk,
          area: 'market',
          action: 'register',
          recordId: market.id,
          at: shanghaiDayStart(registeredOn),
        })
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
  return { officialUk, operator }
}

/** One of the demo market's scales: the device its offline notice names, so the notice leads to a device the console lists. */
async function demoScale(db: Database, marketId: string) {
  const [scale] = await db
    .select({ code: devices.code, stallNo: devices.stallNo })
    .from(devices)
    .where(and(eq(devices.marketId, marketId), eq(devices.kind, 'scale'), isNull(devices.unboundAt)))
    .orderBy(asc(devices.code))
    .limit(1)
  return scale
}

/**
 * A few items in each tab of the message box, some already read; written as message keys, so each
 * reader reads them in their language. The failed pesticide tests of the history have their notices
 * from ingest already, as a real test's would.
 */
async function seedDemoMessages(db: Database, { officialUk, operator }: DemoRecipients): Promise<void> {
  const operatorUk = operator.uk
  const now = Date.now()
  const minutesAgo = (m: number) => new Date(now - m * 60_000)
  const scale = await demoScale(db, operator.marketId)
  const notices: NewMessage[] = [
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
  ]
  if (scale)
    notices.push({
      userUk: operatorUk,
      type: 'notice',
      titleKey: 'notice_device_offline_title',
      subTitleKey: 'notice_device_offline_sub_title',
      contentKey: 'notice_device_offline_content',
      params: { device: scale.code, stall: scale.stallNo, minutes: 15 },
      messageType: 'device_offline',
      at: minutesAgo(42),
    })
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
