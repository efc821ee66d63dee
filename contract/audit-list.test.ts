import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AuditExportQuerySchema, AuditListQuerySchema, AuditSearchSchema, type AuditSearch } from './audit-list'

const uuid = '0b6f0f3e-2a47-4d53-9a4a-5c1a8f0f7e11'

describe('the operation log query', () => {
  it('takes days, an account, a record, an area, an action and a market', () => {
    const query = {
      from: '2026-11-01',
      to: '2026-11-27',
      actor: uuid,
      record: uuid,
      market: uuid,
      area: 'market',
      action: 'edit',
    }
    expect(v.parse(AuditListQuerySchema, query)).toMatchObject({ ...query, page: 1, sort: 'at', order: 'desc' })
    expect(v.parse(AuditExportQuerySchema, query)).toEqual({ ...query, q: undefined })
  })

  it('refuses an end before the start, on `to`', () => {
    const result = v.safeParse(AuditListQuerySchema, { from: '2026-11-20', to: '2026-11-01' })
    expect(result.issues?.map((issue) => [issue.message, issue.path?.map((part) => part.key)])).toEqual([
      ['validation_date_order', ['to']],
    ])
    expect(v.safeParse(AuditListQuerySchema, { from: '2026-11-20', to: '2026-11-20' }).success).toBe(true)
    expect(v.safeParse(AuditExportQuerySchema, { from: '2026-11-20', to: '2026-11-19' }).success).toBe(false)
  })

  it('refuses days that are not days and ids that are not ids', () => {
    for (const bad of [
      { from: '2026-02-30' },
      { to: 'yesterday' },
      { actor: 'x' },
      { record: '1' },
      { action: 'delete' },
    ])
      expect(v.safeParse(AuditListQuerySchema, bad).success, JSON.stringify(bad)).toBe(false)
  })

  it('drops bad values from the URL instead of failing the page', () => {
    const search: AuditSearch = v.parse(AuditSearchSchema, {
      from: '2026-02-30',
      to: '2026-11-01',
      actor: 'x',
      action: 'delete',
    })
    expect(search).toMatchObject({
      from: undefined,
      to: '2026-11-01',
      actor: undefined,
      action: undefined,
    })
  })
})
