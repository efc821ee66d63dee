import { beforeEach, describe, expect, it } from 'vitest'
import { forgetDraft, keepDraft, recallDraft, reloadDraftsForTest } from './form-memory'

beforeEach(() => {
  sessionStorage.clear()
  reloadDraftsForTest()
})

describe('form memory', () => {
  it('a reload finds the drafts it can read; a damaged one is dropped on its own', () => {
    sessionStorage.setItem(
      'ds-drafts',
      JSON.stringify([
        ['/market/register', { name: '东门市场' }],
        ['/broken', 'not values'],
        7,
        ['/device', { sn: 'A1' }],
      ]),
    )
    expect(recallDraft('/market/register')).toEqual({ name: '东门市场' })
    expect(recallDraft('/broken')).toBeUndefined()
    expect(recallDraft('/device')).toEqual({ sn: 'A1' })
  })

  it('keeps no password, keeps the newest drafts past the limit, and forgets on request', () => {
    keepDraft('/merchant/register', { name: '张记', password: 'Secret123', stalls: Number.NaN })
    expect(sessionStorage.getItem('ds-drafts')).not.toContain('Secret123')
    for (let i = 0; i < 20; i++) keepDraft(`/form-${i}`, { i })
    reloadDraftsForTest()
    expect(recallDraft('/merchant/register')).toBeUndefined()
    expect(recallDraft('/form-0')).toEqual({ i: 0 })
    forgetDraft('/form-0')
    reloadDraftsForTest()
    expect(recallDraft('/form-0')).toBeUndefined()
    expect(recallDraft('/form-19')).toEqual({ i: 19 })
  })
})
