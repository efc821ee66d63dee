import { describe, expect, it } from 'vitest'
import { menuForRole } from '@contract/menu'
import { Role } from '@contract/roles'
import { paletteReach } from './palette-reach'

const names = (targets: { name: string }[]) => targets.map((target) => target.name)

describe('what the palette offers', () => {
  it('an OFFICIAL: every menu page in menu order, the System page too, both register actions, both searches', () => {
    const reach = paletteReach(Role.OFFICIAL, null)
    expect(names(reach.pages)).toEqual([
      'Workplace',
      'MarketManage',
      'MerchantManage',
      'DeviceManage',
      'Transactions',
      'Statement',
      'PesticideTests',
      'ComplaintManage',
      'System',
      'OperationLog',
    ])
    expect(reach.actions).toEqual([
      { name: 'MarketRegister', path: '/market/register', group: 'market' },
      { name: 'MerchantRegister', path: '/merchant/register', group: 'merchant' },
      { name: 'ComplaintRegister', path: '/complaint/register', group: 'complaint' },
    ])
    expect(reach).toMatchObject({ searchMarkets: true, searchMerchants: true })
  })

  it('a MARKET user: no market pages, no market register, no market search (contract/access.ts)', () => {
    const reach = paletteReach(Role.MARKET, null)
    // The operation log too: the server holds it to the operator's own market.
    expect(names(reach.pages)).toEqual([
      'Workplace',
      'MerchantManage',
      'DeviceManage',
      'Transactions',
      'Statement',
      'PesticideTests',
      'ComplaintManage',
      'OperationLog',
    ])
    expect(names(reach.actions)).toEqual(['MerchantRegister', 'ComplaintRegister'])
    expect(reach).toMatchObject({ searchMarkets: false, searchMerchants: true })
  })

  it('the server menu as the role gets it changes nothing', () => {
    for (const role of [Role.OFFICIAL, Role.MARKET])
      expect(paletteReach(role, menuForRole(role))).toEqual(paletteReach(role, null))
  })

  it('with the menu from the server, only what it lists (the guard would refuse the rest)', () => {
    const menu = [
      { name: 'dashboard', children: [{ name: 'Workplace' }] },
      { name: 'merchant', children: [{ name: 'MerchantManage' }] },
    ]
    const reach = paletteReach(Role.OFFICIAL, menu)
    expect(names(reach.pages)).toEqual(['Workplace', 'MerchantManage'])
    expect(reach.actions).toEqual([])
    // The edit page is not listed: a merchant found by name would open a page the guard refuses.
    expect(reach).toMatchObject({ searchMarkets: false, searchMerchants: false })
  })

  it('a role with no console pages gets nothing', () => {
    expect(paletteReach(Role.MERCHANT, null)).toEqual({
      pages: [],
      actions: [],
      searchMarkets: false,
      searchMerchants: false,
    })
  })
})
