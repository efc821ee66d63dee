import { and, eq, inArray, sql } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { ComplaintState } from '../../contract/complaint-list'
import type { ComplaintFields, ComplaintOutcome, ComplaintRemedy } from '../../contract/complaints'
import type { Transaction } from '../db/client'
import { complaints, complaintSteps, markets, merchants } from '../db/schema'
import { claimFiles } from '../files/public'
import { writeAudit } from '../lib/audit'
import { ApiError } from '../lib/errors'
import { ownMarket } from '../lib/scope'
import type { ServerDeps, SessionUser } from '../lib/types'
import { recomputeCredit } from '../credit/public'
import { closeRecordTodos } from '../messages/public'
import { OVERDUE_TODO } from './overdue-todos'
import { findComplaint } from './queries'

/**
 * Writes to complaints (issue 26 §2): registering one, and each step of its handling. Every step is
 * one conditional UPDATE from the state it must be in (two operators acting at once: the second finds
 * it moved and is told so, 40900), its history row and its audit entry, in one transaction.
 */

/** What a complaint's writes use: the database and the clock (the demo seed passes its own). */
type ComplaintDeps = Pick<ServerDeps, 'db' | 'clock'>

const DAY_MS = 86_400_000

/** The merchant named, in the complaint's market (any status: one who left may still be complained about). */
async function merchantOf(tx: Transaction, marketId: string, merchantId: string) {
  const [merchant] = await tx
    .select({ id: merchants.id, name: merchants.name, stallNo: merchants.stallNo })
    .from(merchants)
    .where(and(eq(merchants.id, merchantId), eq(merchants.marketId, marketId)))
    .limit(1)
  if (!merchant)
    throw new ApiError(ApiCode.INVALID_INPUT, 'error_merchant_not_found', [
      { field: 'merchantId', message: 'error_merchant_not_found' },
    ])
  return merchant
}

/** The market's next complaint number and its deadline, under the market row's lock (numbers never repeat). */
async function nextNumber(tx: Transaction, marketId: string) {
  const [market] = await tx
    .update(markets)
    .set({ complaintSeq: sql`${markets.complaintSeq} + 1` })
    .where(eq(markets.id, marketId))
    .returning({ no: markets.complaintSeq, deadlineDays: markets.complaintDeadlineDays })
  if (!market)
    throw new ApiError(ApiCode.INVALID_INPUT, 'error_market_not_found', [
      { field: 'marketId', message: 'error_market_not_found' },
    ])
  return market
}

/** Registers a complaint as received; answers its id and the market's number for it. */
export async function registerComplaint(
  deps: ComplaintDeps,
  caller: SessionUser,
  input: ComplaintFields,
): Promise<{ id: string; no: number }> {
  const { db, clock } = deps
  const marketId = ownMarket(caller, input.marketId)
  return db.transaction(async (tx) => {
    const merchant = input.merchantId ? await merchantOf(tx, marketId, input.merchantId) : null
    const { no, deadlineDays } = await nextNumber(tx, marketId)
    const receivedAt = clock()
    const stallNo = input.stallNo || merchant?.stallNo || ''
    const [complaint] = await tx
      .insert(complaints)
      .values({
        marketId,
        no,
        channel: input.channel,
        category: input.category,
        merchantId: merchant?.id ?? null,
        stallNo,
        description: input.description,
        complainantName: input.complainantName,
        complainantContact: input.complainantContact,
        photoFileIds: input.photoFileIds,
        receivedAt,
        dueAt: new Date(receivedAt.getTime() + deadlineDays * DAY_MS),
        registeredBy: caller.uk,
      })
      .returning({ id: complaints.id })
    if (!complaint) throw new Error('complaint insert returned nothing')
    await tx
      .insert(complaintSteps)
      .values({ complaintId: complaint.id, marketId, state: 'received', actorUk: caller.uk, at: receivedAt })
    await claimFiles(tx, { marketId, fileIds: input.photoFileIds })
    const given = (value: unknown) => ({ before: null, after: value })
    await writeAudit(tx, marketId, {
      actorUk: caller.uk,
      area: 'complaint',
      action: 'register',
      recordId: complaint.id,
      changes: {
        state: given('received'),
        channel: given(input.channel),
        complaintCategory: given(input.category),
        stallNo: given(stallNo),
        ...(merchant ? { merchant: given(merchant.name) } : {}),
        description: given(input.description),
        ...(input.complainantName ? { complainantName: given(input.complainantName) } : {}),
        ...(input.complainantContact ? { complainantContact: given(input.complainantContact) } : {}),
        ...(input.photoFileIds.length > 0 ? { photoFileIds: given(input.photoFileIds) } : {}),
      },
      at: receivedAt,
    })
    return { id: complaint.id, no }
  })
}

type Step = {
  to: ComplaintState
  from: readonly ComplaintState[]
  action: 'take_up' | 'resolve' | 'withdraw'
  note: string
  outcome?: ComplaintOutcome
  remedies?: readonly ComplaintRemedy[]
}

/**
 * Moves a complaint on: only from the states `step.from` names. A complaint moved meanwhile (or never
 * in such a state) is 40900 `error_complaint_state`; one outside the caller's scope 40400.
 */
async function moveComplaint(deps: ComplaintDeps, caller: SessionUser, id: string, step: Step): Promise<void> {
  const { db, clock } = deps
  const complaint = await findComplaint(db, caller, id)
  const closing = step.to === 'resolved' || step.to === 'withdrawn'
  await db.transaction(async (tx) => {
    const at = clock()
    const [moved] = await tx
      .update(complaints)
      .set({
        state: step.to,
        ...(closing ? { closedAt: at } : {}),
        ...(step.outcome ? { outcome: step.outcome, remedies: [...(step.remedies ?? [])] } : {}),
      })
      .where(
        and(
          eq(complaints.id, id),
          eq(complaints.marketId, complaint.marketId),
          inArray(complaints.state, [...step.from]),
        ),
      )
      // A subquery in RETURNING reads the statement's snapshot: the state this UPDATE moved it from.
      .returning({ before: sql<string>`(select c.state from complaints c where c.id = ${id}::uuid)` })
    if (!moved) throw new ApiError(ApiCode.CONFLICT, 'error_complaint_state')
    await tx.insert(complaintSteps).values({
      complaintId: id,
      marketId: complaint.marketId,
      state: step.to,
      actorUk: caller.uk,
      note: step.note,
      at,
    })
    // Settled: its overdue to-do, if it had one, is done.
    if (closing) await closeRecordTodos(tx, OVERDUE_TODO, complaint.marketId, id)
    // An outcome counts against the merchant's credit at once, in this transaction.
    if (step.to === 'resolved' && complaint.merchantId)
      await recomputeCredit(tx, complaint.marketId, [complaint.merchantId], at)
    await writeAudit(tx, complaint.marketId, {
      actorUk: caller.uk,
      area: 'complaint',
      action: step.action,
      recordId: id,
      changes: {
        state: { before: moved.before, after: step.to },
        ...(step.outcome ? { outcome: { before: null, after: step.outcome } } : {}),
        ...(step.remedies && step.remedies.length > 0 ? { remedies: { before: null, after: step.remedies } } : {}),
        ...(step.note ? { note: { before: null, after: step.note } } : {}),
      },
      at,
    })
  })
}

/** Received → handling: someone has taken it up. */
export const takeUpComplaint = (deps: ComplaintDeps, caller: SessionUser, input: { id: string; note: string }) =>
  moveComplaint(deps, caller, input.id, { to: 'handling', from: ['received'], action: 'take_up', note: input.note })

/** Handling → resolved, with its outcome and what was done. */
export const resolveComplaint = (
  deps: ComplaintDeps,
  caller: SessionUser,
  input: { id: string; outcome: ComplaintOutcome; remedies: readonly ComplaintRemedy[]; note: string },
) =>
  moveComplaint(deps, caller, input.id, {
    to: 'resolved',
    from: ['handling'],
    action: 'resolve',
    note: input.note,
    outcome: input.outcome,
    remedies: input.remedies,
  })

/** Received or handling → withdrawn: the shopper took it back. */
export const withdrawComplaint = (deps: ComplaintDeps, caller: SessionUser, input: { id: string; note: string }) =>
  moveComplaint(deps, caller, input.id, {
    to: 'withdrawn',
    from: ['received', 'handling'],
    action: 'withdraw',
    note: input.note,
  })
