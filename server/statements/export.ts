import { PassThrough, Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { PAYMENT_METHODS } from '../../contract/device-api'
import type { MarketStatement, MerchantStatement, PlatformStatementWhole } from '../../contract/statements'
import { PAYMENT_METHOD_WORDS } from '../../contract/words'
import { csvStream, type CsvValue } from '../lib/csv'
import { translate, translateWord, type Locale, type MessageKey } from '../lib/i18n'

/**
 * A statement as a file (issue 25 §2): CSV on the kit's streamed export (BOM, formula cells
 * neutralised), or an Excel workbook written by exceljs' streaming WorkbookWriter (rows committed as
 * they are added, never the whole sheet held as objects). Both carry the same table: a title (the
 * market or platform and the days), a header, a row per merchant / market / day, and the totals.
 */

/** A cell: text, a count, or money in fen (shown in yuan). */
type Cell = string | number | { fen: number }
export type StatementTable = {
  name: string
  title: string
  days: string
  header: string[]
  rows: Cell[][]
  totals: Cell[]
}

type Figures = { payments: number; paymentFen: number; refunds: number; refundFen: number; netFen: number }
type Split = Figures & { methods: { method: (typeof PAYMENT_METHODS)[number]; netFen: number }[] }

const figureCells = (row: Figures): Cell[] => [
  row.payments,
  { fen: row.paymentFen },
  row.refunds,
  { fen: row.refundFen },
  { fen: row.netFen },
]
/** Each method's net, in the contract's order (a method that did not trade: 0). */
const methodCells = (row: Split): Cell[] =>
  PAYMENT_METHODS.map((method) => ({ fen: row.methods.find((split) => split.method === method)?.netFen ?? 0 }))

function figureHeader(locale: Locale, split: boolean): string[] {
  const t = (key: MessageKey) => translate(locale, key)
  const figures = [
    t('statements_col_payments'),
    t('statements_col_payment_amount'),
    t('statements_col_refunds'),
    t('statements_col_refund_amount'),
    t('statements_col_net'),
  ]
  if (!split) return figures
  return [
    ...figures,
    ...PAYMENT_METHODS.map((method) =>
      translate(locale, 'statements_col_method_net', { method: translateWord(locale, PAYMENT_METHOD_WORDS[method]) }),
    ),
  ]
}

const daysText = (from: string, to: string) => (from === to ? from : `${from} ~ ${to}`)

export function marketTable(statement: MarketStatement, locale: Locale): StatementTable {
  const t = (key: MessageKey) => translate(locale, key)
  return {
    name: `statement-${statement.from}-${statement.to}`,
    title: statement.market.name,
    days: daysText(statement.from, statement.to),
    header: [t('statements_col_stall'), t('statements_col_merchant'), ...figureHeader(locale, true)],
    rows: statement.merchants.map((row) => [row.stallNo, row.merchantName, ...figureCells(row), ...methodCells(row)]),
    totals: [t('statements_total'), '', ...figureCells(statement.totals), ...methodCells(statement.totals)],
  }
}

export function platformTable(statement: PlatformStatementWhole, locale: Locale): StatementTable {
  const t = (key: MessageKey) => translate(locale, key)
  return {
    name: `platform-statement-${statement.from}-${statement.to}`,
    title: t('statements_platform_title'),
    days: daysText(statement.from, statement.to),
    header: [t('statements_col_market'), ...figureHeader(locale, false)],
    rows: statement.markets.map((row) => [row.marketName, ...figureCells(row)]),
    totals: [t('statements_total'), ...figureCells(statement.totals)],
  }
}

export function merchantTable(statement: MerchantStatement, locale: Locale): StatementTable {
  const t = (key: MessageKey) => translate(locale, key)
  const { merchant } = statement
  return {
    name: `merchant-statement-${statement.from}-${statement.to}`,
    title: `${merchant.marketName} · ${merchant.stallNo} · ${merchant.name}`,
    days: daysText(statement.from, statement.to),
    header: [t('statements_col_day'), ...figureHeader(locale, true)],
    rows: statement.days.map((row) => [row.day, ...figureCells(row), ...methodCells(row)]),
    totals: [t('statements_total'), ...figureCells(statement.totals), ...methodCells(statement.totals)],
  }
}

/** Fen as yuan, a number (so a negative net stays a number, not text a spreadsheet might run). */
const yuan = (fen: number) => Math.round(fen) / 100

const csvValue = (cell: Cell): CsvValue => (typeof cell === 'object' ? yuan(cell.fen) : cell)

/** The table as CSV: the title and the days on lines of their own, then the header, the rows and the totals. */
function statementCsv(table: StatementTable): ReadableStream<Uint8Array> {
  async function* batches(): AsyncGenerator<CsvValue[][]> {
    yield [[table.days], table.header]
    const chunk = 500
    for (let i = 0; i < table.rows.length; i += chunk)
      yield table.rows.slice(i, i + chunk).map((row) => row.map(csvValue))
    yield [table.totals.map(csvValue)]
  }
  return csvStream([table.title], batches())
}

/**
 * The table as an .xlsx workbook, streamed: the title, the days, the header (bold, frozen), a row per
 * line, the totals (bold), then a line to sign. Amounts are numbers formatted 0.00 yuan.
 */
function statementXlsx(table: StatementTable, locale: Locale): ReadableStream<Uint8Array> {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(translate(locale, 'statements_sheet_name'), {
    views: [{ state: 'frozen', ySplit: 3 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  })
  sheet.columns = table.header.map((_, i) => ({ width: i < 2 ? 18 : 14 }))
  const write = async () => {
    sheet.addRow([table.title]).font = { bold: true, size: 14 }
    sheet.addRow([table.days]).commit()
    const header = sheet.addRow(table.header)
    header.font = { bold: true }
    header.commit()
    const add = (cells: Cell[], bold = false) => {
      const row = sheet.addRow(cells.map((cell) => (typeof cell === 'object' ? yuan(cell.fen) : cell)))
      cells.forEach((cell, i) => {
        if (typeof cell === 'object') row.getCell(i + 1).numFmt = '0.00'
      })
      if (bold) row.font = { bold: true }
      row.commit()
    }
    for (const cells of table.rows) add(cells)
    add(table.totals, true)
    sheet.addRow([])
    sheet.addRow([translate(locale, 'statements_signature')]).commit()
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return Readable.toWeb(out) as ReadableStream<Uint8Array>
}

/** The answer's headers for a file of `table` in `format`. */
export function fileHeaders(table: StatementTable, format: 'csv' | 'xlsx'): Record<string, string> {
  return format === 'csv'
    ? {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${table.name}.csv"`,
      }
    : {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${table.name}.xlsx"`,
      }
}

export const statementFile = (table: StatementTable, format: 'csv' | 'xlsx', locale: Locale) =>
  format === 'csv' ? statementCsv(table) : statementXlsx(table, locale)
