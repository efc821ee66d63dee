import { addDays, shanghaiToday } from './time'

/**
 * The days a pesticide-test list reads and shows (issue 25 §3), the one place the rule is: `to` is
 * today in Asia/Shanghai when not given, `from` the 7th day back from `to` (both included). The
 * server reads these days, the list's boxes show them, and the list's prerendered frame writes them
 * from the visitor's clock before it paints (src/prerender/boot/pesticide-test-list.ts). Apart from
 * the list's schema (valibot) so that boot script stays small.
 */
const DEFAULT_DAYS = 7

export function pesticideTestDays(
  { from, to }: { from?: string | undefined; to?: string | undefined },
  now: Date = new Date(),
): { from: string; to: string } {
  const end = to ?? shanghaiToday(now)
  return { from: from ?? addDays(end, -(DEFAULT_DAYS - 1)), to: end }
}
