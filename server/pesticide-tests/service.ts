import { and, eq } from 'drizzle-orm'
import { ApiCode } from '../../contract/api'
import type { FollowUp, FollowUpInput, PesticideTest } from '../../contract/pesticide-tests'
import type { PesticideTestExportQuery } from '../../contract/pesticide-tests-list'
import { Role } from '../../contract/roles'
import { formatShanghaiTime } from '../../contract/time'
import { FOLLOW_UP_ACTION_WORDS, TEST_RESULT_WORDS } from '../../contract/words'
import { pesticideTestFollowUps, pesticideTests } from '../db/schema'
import { writeAudit } from '../lib/audit'
import { withConflicts } from '../lib/conflicts'
import { csvStream, type CsvValue } from '../lib/csv'
import { ApiError } from '../lib/errors'
import { translate, translateWord, type Locale } from '../lib/i18n'
import type { ServerDeps, SessionUser } from '../lib/types'
import { closeRecordTodos } from '../messages/public'
import { FOLLOW_UP_TODO } from './follow-up-todos'
import { exportPesticideTests, exportWhere } from './queries'

/** The CSV's columns, in order (their headers are `pesticide_tests_col_<column>`). */
const COLUMNS = [
  'time',
  'market',
  'stall',
  'merchant',
  'produce',
  'inhibition',
  'result',
  'device',
  'follow_up',
  'note',
  'recorded_by',
  'recorded_at',
] as const

/** The filtered tests as CSV in the caller's language, in the list's order, streamed from the replica. */
export function pesticideTestsCsv(
  deps: Pick<ServerDeps, 'reads' | 'clock'>,
  caller: Pick<SessionUser, 'role' | 'marketId'>,
  query: PesticideTestExportQuery,
  locale: Locale,
): ReadableStream<Uint8Array> {
  const where = exportWhere(caller, query, deps.clock())
  const cells = (row: PesticideTest): CsvValue[] => [
    formatShanghaiTime(row.at),
    row.market.name,
    row.stallNo,
    row.merchant?.name ?? '',
    row.produce,
    row.inhibitionPct.toFixed(1),
    translateWord(locale, TEST_RESULT_WORDS[row.result]),
    row.device.code,
    row.followUp?.actions.map((action) => translateWord(locale, FOLLOW_UP_ACTION_WORDS[action])).join('; ') ?? '',
    row.followUp?.note ?? '',
    row.followUp?.by.username ?? '',
    row.followUp ? formatShanghaiTime(row.followUp.at) : '',
  ]
  async function* batches() {
    for await (const rows of exportPesticideTests(deps.reads.db(), where, query)) yield rows.map(cells)
  }
  return csvStream(
    COLUMNS.map((column) => translate(locale, `pesticide_tests_col_${column}`)),
    batches(),
  )
}

/**
 * Records what the market did about its failed test: one follow-up a test (the key refuses a second,
 * also two at once), audited in the same transaction, which also marks the test's to-do read for the
 * market's operators. Only a MARKET operator of the test's market gets here (the route's role); another
 * market's test is not found, as an unknown one.
 */
export async function recordFollowUp(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  caller: Pick<SessionUser, 'uk' | 'username' | 'role' | 'marketId'>,
  { id, input }: { id: string; input: { actions: FollowUpInput['actions']; note: string } },
): Promise<FollowUp> {
  const marketId = caller.role === Role.MARKET ? caller.marketId : null
  if (!marketId) throw new ApiError(ApiCode.FORBIDDEN, 'error_forbidden')
  const now = deps.clock()
  return withConflicts(() =>
    deps.db.transaction(async (tx) => {
      const [test] = await tx
        .select({ result: pesticideTests.result })
        .from(pesticideTests)
        .where(and(eq(pesticideTests.marketId, marketId), eq(pesticideTests.id, id)))
      if (!test) throw new ApiError(ApiCode.NOT_FOUND, 'error_pesticide_test_not_found')
      if (test.result !== 'fail') throw new ApiError(ApiCode.CONFLICT, 'error_pesticide_test_not_failed')
      const actions = [...input.actions]
      await tx.insert(pesticideTestFollowUps).values({
        marketId,
        testId: id,
        actions,
        note: input.note,
        recordedBy: caller.uk,
        recordedAt: now,
      })
      await writeAudit(tx, marketId, {
        actorUk: caller.uk,
        area: 'pesticide_test',
        action: 'follow_up',
        recordId: id,
        changes: {
          actions: { before: null, after: actions },
          note: { before: null, after: input.note || null },
        },
        at: now,
      })
      // The test's to-do, for every operator of the market it went to, is done.
      await closeRecordTodos(tx, FOLLOW_UP_TODO, marketId, id)
      return { actions, note: input.note, by: { uk: caller.uk, username: caller.username }, at: now.toISOString() }
    }),
  )
}
