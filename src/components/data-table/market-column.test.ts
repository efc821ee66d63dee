import { describe, expect, it } from 'vitest'
import type { ColumnDef } from '@tanstack/react-table'
import { chosenDeviceCode, chosenMerchantName, chosenName, withMarketColumn } from './market-column'

type Row = { id: string; name: string; market: { name: string } | null }
const columns: ColumnDef<Row, unknown>[] = [{ id: 'time' }, { id: 'amount' }]

describe('the market column', () => {
  it('comes second when the list holds several markets, and not at all for one', () => {
    expect(withMarketColumn(columns, false, 'Market', (row) => row.market?.name)).toBe(columns)
    const all = withMarketColumn(columns, true, 'Market', (row) => row.market?.name)
    expect(all.map((column) => column.id)).toEqual(['time', 'market', 'amount'])
    const cell = all[1]!.cell as (context: { row: { original: Row } }) => string
    expect(cell({ row: { original: { id: '1', name: 'a', market: { name: '胜利农贸市场' } } } })).toBe('胜利农贸市场')
    expect(cell({ row: { original: { id: '2', name: 'b', market: null } } })).toBe('—')
  })
})

describe('a chosen record named', () => {
  const rows: Row[] = [
    { id: 'a1', name: '王明', market: null },
    { id: 'b2', name: '陈建军', market: null },
  ]
  const nameOf = (id: string) => (row: Row) => (row.id === id ? row.name : undefined)
  it('as a row on the page names it, else by the start of its id', () => {
    expect(chosenName(rows, nameOf('b2'), 'b2')).toBe('陈建军')
    expect(chosenName(rows, nameOf('0123456789abcdef'), '0123456789abcdef')).toBe('01234567…')
    expect(chosenName(undefined, nameOf('x'), '0123456789')).toBe('01234567…')
  })
})

describe('a chosen merchant or device named', () => {
  const rows = [
    { merchant: null, device: { id: 'd-1', code: 'SC-001' } },
    { merchant: { id: 'm-1', name: '王明' }, device: { id: 'd-2', code: 'SC-002' } },
  ]
  it('as the rows name their merchant and device, else by the start of the id', () => {
    expect(chosenMerchantName(rows, 'm-1')).toBe('王明')
    expect(chosenDeviceCode(rows, 'd-2')).toBe('SC-002')
    expect(chosenMerchantName(rows, '0123456789')).toBe('01234567…')
    expect(chosenDeviceCode(undefined, '0123456789')).toBe('01234567…')
    expect(chosenMerchantName([{}], 'abcdefghij')).toBe('abcdefgh…')
  })
})
