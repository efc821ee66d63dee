import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import type { HolderLicences } from '@contract/licences'
import { m } from '@/paraglide/messages'
import { HolderLicencesList } from './holder-licences'

afterEach(cleanup)

const held = (overrides: Partial<HolderLicences> = {}): HolderLicences => ({
  state: 'missing',
  graceUntil: '2026-12-30',
  licences: [
    {
      kind: 'health_certificate',
      state: 'expiring',
      licence: {
        kind: 'health_certificate',
        number: 'JK2026',
        authority: '广阳区卫健委',
        validFrom: '2025-12-01',
        validUntil: '2026-12-01',
        state: 'expiring',
      },
    },
    { kind: 'food_business_licence', state: 'missing', licence: null },
  ],
  ...overrides,
})

describe('HolderLicencesList', () => {
  it('shows each kind with its state, its licence or that none is entered, and the grace while one is missing', () => {
    render(<HolderLicencesList held={held()} />)
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]!.querySelector('[data-licence-state]')?.getAttribute('data-licence-state')).toBe('expiring')
    expect(items[0]!.textContent).toContain('JK2026 · 广阳区卫健委 · 2025-12-01 – 2026-12-01')
    expect(items[1]!.textContent).toContain(m.licences_none_entered())
    expect(screen.getByText(m.licences_grace_until({ until: '2026-12-30' }))).toBeTruthy()
  })

  it('says nothing of a grace when nothing is missing, and nothing at all while loading', () => {
    render(<HolderLicencesList held={held({ state: 'expiring' })} />)
    expect(screen.queryByText(m.licences_grace_until({ until: '2026-12-30' }))).toBeNull()
    cleanup()
    const { container } = render(<HolderLicencesList held={undefined} />)
    expect(container.textContent).toBe('')
  })
})
