import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Role, UserStatus } from '../../../contract/roles'
import { hashPassword, md5Hex } from '../../user/passwords'
import type { Database } from '../client'
import { markets, users } from '../schema'

/** Demo accounts the README prints. Later issues extend the seed with their own data. */
export const DEMO_ACCOUNTS = {
  official: { username: 'official', password: 'Official123' },
  market: { username: '0314888', password: 'Market123' },
} as const

const DEMO_MARKETS = [
  { name: '廊坊市新华农贸市场', account: DEMO_ACCOUNTS.market.username, password: DEMO_ACCOUNTS.market.password },
  { name: '石家庄市裕华农贸市场', account: '0311601', password: 'Market123' },
  { name: '保定市莲池农贸市场', account: '0312520', password: 'Market123' },
]

export async function isEmpty(db: Database): Promise<boolean> {
  const result = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return (result[0]?.n ?? 0) === 0
}

/** Seeds the demo once, on an empty database. */
export async function seedDemo(db: Database): Promise<void> {
  if (!(await isEmpty(db))) return
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      uk: randomUUID(),
      username: DEMO_ACCOUNTS.official.username,
      passwordHash: await hashPassword(md5Hex(DEMO_ACCOUNTS.official.password)),
      role: Role.OFFICIAL,
      status: UserStatus.NORMAL,
    })
    for (const demo of DEMO_MARKETS) {
      const [market] = await tx.insert(markets).values({ name: demo.name }).returning({ id: markets.id })
      await tx.insert(users).values({
        uk: randomUUID(),
        username: demo.account,
        passwordHash: await hashPassword(md5Hex(demo.password)),
        role: Role.MARKET,
        status: UserStatus.NORMAL,
        marketId: market?.id ?? null,
      })
    }
  })
}
