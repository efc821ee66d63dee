import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { MarketFieldsSchema, MarketListQuerySchema, UpdateMarketSchema } from './markets'

const valid = {
  paymentBank: 'RCC',
  accountUsername: ' 0314888 ',
  accountStatus: 1,
  registeredOn: '2025-06-01',
  name: '新华农贸市场',
  creditCode: '91350100m000100y43',
  address: '河北省廊坊市新华路 18 号',
  stallCount: 0,
  complaintPhone: '0316-1234567',
  legalPersonName: '王建国',
  legalPersonPhone: '13812345678',
  managerName: '李秀英',
  managerPhone: '19912345678',
}

const messages = (input: unknown) =>
  Object.fromEntries(
    (v.safeParse(MarketFieldsSchema, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]),
  )

describe('market registration schema (shared by the form and the server)', () => {
  it('normalises what it accepts: trimmed username, upper-case credit code, defaults for optional fields', () => {
    const parsed = v.parse(MarketFieldsSchema, valid)
    expect(parsed).toMatchObject({
      accountUsername: '0314888',
      creditCode: '91350100M000100Y43',
      notes: '',
      marketPhotoFileIds: [],
      businessLicenceFileId: null,
    })
  })

  it('answers each bad field with its own message key', () => {
    expect(
      messages({
        ...valid,
        name: '  ',
        stallCount: 1.5,
        complaintPhone: '123',
        managerPhone: '0316-1234567',
        paymentBank: 'HSBC',
        notes: 'x'.repeat(501),
        registeredOn: '2025-13-01',
      }),
    ).toEqual({
      name: 'validation_required',
      stallCount: 'validation_stall_count',
      complaintPhone: 'validation_phone',
      managerPhone: 'validation_mobile',
      paymentBank: 'validation_invalid',
      notes: 'validation_too_long',
      registeredOn: 'validation_date',
    })
    expect(
      messages({
        ...valid,
        marketPhotoFileIds: Array.from({ length: 4 }, () => '11111111-1111-4111-8111-111111111111'),
      }),
    ).toEqual({
      marketPhotoFileIds: 'validation_market_photos',
    })
  })

  it('editing needs no password', () => {
    expect(v.safeParse(UpdateMarketSchema, valid).success).toBe(true)
  })

  it('list queries: defaults, and page sizes over 100 refused', () => {
    expect(v.parse(MarketListQuerySchema, {})).toMatchObject({
      page: 1,
      pageSize: 20,
      sort: 'registeredAt',
      order: 'desc',
    })
    expect(v.safeParse(MarketListQuerySchema, { pageSize: '101' }).success).toBe(false)
  })
})
