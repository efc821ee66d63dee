import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { holdEarlyPresses, pressEarlyPress } from './early-press'

// One listener for the file, as one boot script installs it once.
beforeAll(holdEarlyPresses)
afterEach(() => {
  document.body.replaceChildren()
  delete document.documentElement.dataset.live
  pressEarlyPress(document.createElement('div'))
})

const FRAME = `
  <button type="button" data-testid="settings-button">S</button>
  <button type="button" aria-label="Show only changes by official">F</button>
  <button type="button" aria-label="Show only changes by official">F</button>
  <button type="button">Columns</button>
  <button type="button" data-testid="palette-button">Search</button>
  <form><input name="amountMin"><button>Apply</button></form>`

/** The frame, then the page drawn in its place: the same buttons, more of its own before them. */
function takeOver(pressed: (root: HTMLElement) => HTMLElement) {
  delete document.documentElement.dataset.live
  document.body.innerHTML = `<div id="root">${FRAME}</div>`
  const root = document.getElementById('root')!
  pressed(root).click()
  root.innerHTML = `<button type="button" aria-label="Close tab">x</button>${FRAME}`
  const clicks: string[] = []
  root.querySelectorAll('button').forEach((button, index) =>
    button.addEventListener('click', (event) => {
      event.preventDefault()
      clicks.push(`${index}`)
    }),
  )
  document.documentElement.dataset.live = ''
  pressEarlyPress(root)
  return { clicks, focused: document.activeElement, buttons: [...root.querySelectorAll('button')] }
}

describe('a button pressed in the frame before the code ran', () => {
  it('is pressed on the page once it has taken over, by its test id, label or text, focus with it', () => {
    const byTestId = takeOver((root) => root.querySelector('[data-testid="settings-button"]')!)
    expect(byTestId.clicks).toEqual(['1'])
    expect(byTestId.focused).toBe(byTestId.buttons[1])
    expect(takeOver((root) => root.querySelector('button:nth-of-type(4)')!).clicks).toEqual(['4'])
  })

  it('is told from others with the same label by its place among them (a row filter of the second row)', () => {
    expect(takeOver((root) => root.querySelectorAll('[aria-label^="Show only"]')[1] as HTMLElement).clicks).toEqual([
      '3',
    ])
  })

  it('is left alone when something else answers it: a form submit, the palette; and when the page is live', () => {
    expect(takeOver((root) => root.querySelector('form button')!).clicks).toEqual([])
    expect(takeOver((root) => root.querySelector('[data-testid="palette-button"]')!).clicks).toEqual([])
    document.body.innerHTML = `<div id="root">${FRAME}</div>`
    document.documentElement.dataset.live = ''
    const root = document.getElementById('root')!
    const settings = root.querySelector<HTMLElement>('[data-testid="settings-button"]')!
    const onClick = vi.fn()
    settings.addEventListener('click', onClick)
    settings.click()
    pressEarlyPress(root)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('is dropped when the page no longer draws that button, and pressed once only', () => {
    document.body.innerHTML = `<div id="root">${FRAME}</div>`
    const root = document.getElementById('root')!
    root.querySelector<HTMLElement>('[data-testid="settings-button"]')!.click()
    root.innerHTML = '<button type="button">Other</button>'
    const onClick = vi.fn()
    root.querySelector('button')!.addEventListener('click', onClick)
    pressEarlyPress(root)
    expect(onClick).not.toHaveBeenCalled()
    root.innerHTML = FRAME
    const settings = root.querySelector('[data-testid="settings-button"]')!
    settings.addEventListener('click', onClick)
    pressEarlyPress(root)
    expect(onClick).not.toHaveBeenCalled()
  })
})
