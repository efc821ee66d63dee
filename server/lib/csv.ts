/**
 * CSV for export: UTF-8 with a byte-order mark (so Excel opens Chinese text), RFC 4180 quoting, and
 * cells that a spreadsheet would run as a formula neutralised (OWASP "CSV injection").
 */
const BOM = '\uFEFF'
const FORMULA_START = /^[=+\-@\t\r]/

export type CsvValue = string | number | null | undefined

/** One cell: formula starts get a leading apostrophe; quotes, commas and line breaks are quoted. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  // Numbers are data: -5 stays a number. Text that merely looks like a formula is shown as text.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`

/**
 * A CSV body streamed from batches of rows, so a 200,000-row export never sits in memory whole:
 * each batch is encoded and sent as the client reads.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvLine(header)))
    },
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) {
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(next.value.map(csvLine).join('')))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}
