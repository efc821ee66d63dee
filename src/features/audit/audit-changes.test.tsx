import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { m } from '@/paraglide/messages'
import { switchLocale } from '@/lib/locale'
import { AuditChanges } from './audit-changes'

afterEach(() => {
  cleanup()
  switchLocale('en-US')
})

const lines = () => screen.getAllByRole('listitem').map((item) => item.textContent)

describe('AuditChanges', () => {
  it("names each field in the page's language and shows before -> after", () => {
    switchLocale('en-US')
    const { rerender } = render(
      <AuditChanges
        area="market"
        changes={[
          { field: 'complaintPhone', before: '0316-2000000', after: '0316-7654321' },
          { field: 'notes', before: null, after: 'Open on Sundays' },
        ]}
      />,
    )
    expect(lines()).toEqual([
      `${m.markets_field_complaint_phone()}: 0316-2000000→ ${m.audit_changed_to()} 0316-7654321`,
      `${m.markets_field_notes()}: ${m.audit_value_none()}→ ${m.audit_changed_to()} Open on Sundays`,
    ])
    switchLocale('zh-CN')
    rerender(
      <AuditChanges
        area="market"
        changes={[{ field: 'complaintPhone', before: '0316-2000000', after: '0316-7654321' }]}
      />,
    )
    expect(lines()[0]).toMatch(/^投诉电话: 0316-2000000→ 改为 0316-7654321$/)
  })

  it("translates fixed values (a status, a merchant's answers) and shows other text as the server sent it", () => {
    render(
      <AuditChanges
        area="merchant"
        changes={[
          { field: 'status', before: 'active', after: 'left' },
          { field: 'gender', before: 'male', after: 'female' },
          { field: 'education', before: null, after: 'junior_high' },
          { field: 'bankMerchantNo', before: null, after: '************1234' },
          { field: 'somethingOlder', before: 'a', after: 'b' },
        ]}
      />,
    )
    expect(lines()).toEqual([
      `${m.merchants_col_status()}: ${m.merchants_status_active()}→ ${m.audit_changed_to()} ${m.merchants_status_left()}`,
      `${m.merchants_field_gender()}: ${m.merchants_gender_male()}→ ${m.audit_changed_to()} ${m.merchants_gender_female()}`,
      `${m.merchants_field_education()}: ${m.audit_value_none()}→ ${m.audit_changed_to()} ${m.merchants_education_junior_high()}`,
      `${m.merchants_field_bank_merchant_no()}: ${m.audit_value_none()}→ ${m.audit_changed_to()} ************1234`,
      `somethingOlder: a→ ${m.audit_changed_to()} b`,
    ])
  })

  it('shows a dash for an entry that changed no field', () => {
    const { container } = render(<AuditChanges area="device" changes={[]} />)
    expect(container.textContent).toBe('—')
    expect(screen.queryByRole('list')).toBeNull()
  })
})
