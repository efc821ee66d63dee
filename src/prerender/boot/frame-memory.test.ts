import { afterEach, describe, expect, it } from 'vitest'
import { accountMark, FRAME_MEMORY_KEY, readFrameMemory, type FrameMemory } from '../frame-memory'
import { applyFrameMemory } from './frame-memory'

const memory: FrameMemory = {
  account: accountMark('tok'),
  locale: 'en-US',
  role: 51,
  marketId: 'm',
  scope: 'm',
  variant: 'market',
  texts: { '[data-frame-text="welcome"]': ['Welcome back, ann', ' ·', ' ', 'Market operator'] },
  scopeTexts: { '[data-testid="market-scope"]': ['Your market'] },
}

afterEach(() => {
  localStorage.clear()
  document.body.replaceChildren()
  delete document.documentElement.dataset.frame
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("the frame's memory of the account (issue 24 §2)", () => {
  it('is read for the session it was kept for only', () => {
    localStorage.setItem(FRAME_MEMORY_KEY, JSON.stringify(memory))
    expect(readFrameMemory('tok')).toEqual(memory)
    expect(readFrameMemory('another')).toBeNull()
    expect(readFrameMemory(null)).toBeNull()
    localStorage.setItem(FRAME_MEMORY_KEY, JSON.stringify({ ...memory, texts: { a: 'not a list' } }))
    expect(readFrameMemory('tok')).toBeNull()
  })

  it("puts the account's words and role into the frame as it is parsed, the scope's only for the same market", async () => {
    document.documentElement.dataset.frame = 'no-tabs'
    applyFrameMemory(memory, false)
    expect(document.documentElement.dataset.frame).toBe('no-tabs market')
    document.body.innerHTML =
      '<p data-frame-text="welcome">Welcome back,  · Signed in as Platform staff</p><p data-testid="market-scope">All markets</p><i></i>'
    await settle()
    const welcome = document.querySelector('[data-frame-text="welcome"]') as Element
    expect(welcome.textContent).toBe('Welcome back, ann · Market operator')
    // The same text nodes as the page draws.
    expect(welcome.childNodes).toHaveLength(4)
    expect(document.querySelector('[data-testid="market-scope"]')?.textContent).toBe('All markets')
  })

  it('fills the scope texts when the frame shows the market they name', async () => {
    applyFrameMemory(memory, true)
    document.body.innerHTML = '<p data-testid="market-scope">All markets</p><i></i>'
    await settle()
    expect(document.querySelector('[data-testid="market-scope"]')?.textContent).toBe('Your market')
  })
})
