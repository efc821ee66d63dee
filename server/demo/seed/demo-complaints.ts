import { and, asc, eq, sql } from 'drizzle-orm'
import type { ComplaintCategory, ComplaintChannel } from '../../../contract/complaint-list'
import type { ComplaintOutcome, ComplaintRemedy } from '../../../contract/complaints'
import { Role, UserStatus } from '../../../contract/roles'
import { registerComplaint, resolveComplaint, takeUpComplaint, withdrawComplaint } from '../../complaints/public'
import type { Database } from '../../db/client'
import { complaints, merchants, users } from '../../db/schema'

const HOUR = 3_600_000

/** What became of a demo complaint, and when (hours after it was received). */
type Course =
  | { to: 'received' }
  | { to: 'handling'; after: number }
  | { to: 'resolved'; after: number; outcome: ComplaintOutcome; remedies: ComplaintRemedy[]; note: string }
  | { to: 'withdrawn'; after: number; note: string }

type DemoComplaint = {
  agoHours: number
  channel: ComplaintChannel
  category: ComplaintCategory
  description: string
  complainantName: string
  complainantContact: string
  course: Course
}

/**
 * A market's month of complaints, one of each fate: new, being handled, overdue (handled past the
 * 7-day deadline), resolved each way, withdrawn. Relative to the seed's time, so the demo always has
 * an open, an overdue and a settled one.
 */
const COMPLAINTS: DemoComplaint[] = [
  {
    agoHours: 2,
    channel: 'phone',
    category: 'short_weight',
    description: '买了两斤豆角，回家一称只有一斤七两',
    complainantName: '王秀英',
    complainantContact: '13812345678',
    course: { to: 'received' },
  },
  {
    agoHours: 26,
    channel: 'in_person',
    category: 'quality',
    description: '早上买的西红柿有一半是烂的，摊主不给换',
    complainantName: '李建国',
    complainantContact: '13923456789',
    course: { to: 'handling', after: 3 },
  },
  {
    agoHours: 9 * 24,
    channel: 'online',
    category: 'price',
    description: '标价 3.5 元一斤的土豆结账按 4.5 元算',
    complainantName: '赵敏',
    complainantContact: '13734567890',
    course: { to: 'handling', after: 20 },
  },
  {
    agoHours: 5 * 24,
    channel: 'phone',
    category: 'quality',
    description: '买的鸡蛋有三个是坏的',
    complainantName: '陈立',
    complainantContact: '13645678901',
    course: { to: 'resolved', after: 30, outcome: 'partly_upheld', remedies: ['replacement'], note: '摊主已更换鸡蛋' },
  },
  {
    agoHours: 12 * 24,
    channel: 'in_person',
    category: 'short_weight',
    description: '复称发现少了三两，秤可能有问题',
    complainantName: '孙丽',
    complainantContact: '13556789012',
    course: {
      to: 'resolved',
      after: 50,
      outcome: 'upheld',
      remedies: ['refund', 'warning'],
      note: '复核属实，已退差价并警告摊主，秤已送检',
    },
  },
  {
    agoHours: 15 * 24,
    channel: 'phone',
    category: 'attitude',
    description: '询价时摊主态度恶劣',
    complainantName: '周强',
    complainantContact: '13467890123',
    course: { to: 'resolved', after: 70, outcome: 'not_upheld', remedies: [], note: '调取监控，未见不当言行' },
  },
  {
    agoHours: 20 * 24,
    channel: 'online',
    category: 'hygiene',
    description: '水产区地面积水有异味',
    complainantName: '吴芳',
    complainantContact: '13378901234',
    course: { to: 'withdrawn', after: 6, note: '顾客来电撤回，已现场处理' },
  },
]

/**
 * Each demo market's complaints, registered and moved through the complaints' own service with the
 * clock set to each step's time, by the market's operator; once (a market with complaints is left alone).
 * Answers the markets it seeded.
 */
export async function seedDemoComplaints(db: Database, now = Date.now()): Promise<string[]> {
  const seeded: string[] = []
  const operators = await db
    .select()
    .from(users)
    .where(and(eq(users.role, Role.MARKET), eq(users.status, UserStatus.NORMAL)))
    .orderBy(asc(users.registeredAt))
  for (const operator of operators) {
    const marketId = operator.marketId
    if (!marketId) continue
    const [some] = await db
      .select({ n: sql<number>`1` })
      .from(complaints)
      .where(eq(complaints.marketId, marketId))
      .limit(1)
    if (some) continue
    const stalls = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.marketId, marketId), eq(merchants.status, 'active')))
      .orderBy(asc(merchants.stallNo))
      .limit(COMPLAINTS.length)
    if (stalls.length === 0) continue
    seeded.push(marketId)
    const caller = { ...operator, tokenHash: '' }
    for (const [index, complaint] of COMPLAINTS.entries()) {
      const receivedAt = now - complaint.agoHours * HOUR
      const at = (hours: number) => ({ db, clock: () => new Date(Math.min(now, receivedAt + hours * HOUR)) })
      const { course } = complaint
      const { id } = await registerComplaint(at(0), caller, {
        marketId,
        channel: complaint.channel,
        category: complaint.category,
        merchantId: stalls[index % stalls.length]?.id ?? null,
        stallNo: '',
        description: complaint.description,
        complainantName: complaint.complainantName,
        complainantContact: complaint.complainantContact,
        photoFileIds: [],
      })
      if (course.to === 'received') continue
      if (course.to === 'withdrawn') {
        await withdrawComplaint(at(course.after), caller, { id, note: course.note })
        continue
      }
      await takeUpComplaint(at(course.after / 2), caller, { id, note: '' })
      if (course.to === 'resolved')
        await resolveComplaint(at(course.after), caller, {
          id,
          outcome: course.outcome,
          remedies: course.remedies,
          note: course.note,
        })
    }
  }
  return seeded
}
