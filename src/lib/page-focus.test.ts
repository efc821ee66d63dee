import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { focusPageHeading, followNavigationWithFocus } from './page-focus'

afterEach(() => {
  document.body.innerHTML = ''
})

const page = (html: string) => {
  document.body.innerHTML = html
}

describe('focus after navigation', () => {
  it("moves to the new page's heading once it shows, announced and not in the Tab order", async () => {
    page('<nav><a href="/merchant">Merchants</a></nav><main id="content"></main>')
    document.querySelector<HTMLElement>('nav a')!.focus()
    focusPageHeading()
    // The page's chunk arrives a moment later.
    await new Promise((resolve) => setTimeout(resolve, 120))
    document.querySelector('main')!.innerHTML = '<h1>Merchant management</h1>'
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Merchant management'))
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1')
  })

  it('leaves focus in the tab bar, in a field being typed in, or in a dialog', async () => {
    for (const html of [
      '<div data-testid="tab-bar"><a href="/x" id="target">Tab</a></div>',
      '<input id="target" />',
      '<div role="dialog"><button id="target">OK</button></div>',
    ]) {
      page(`${html}<main><h1>Page</h1></main>`)
      document.getElementById('target')!.focus()
      focusPageHeading()
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(document.activeElement?.id).toBe('target')
    }
  })

  it('reacts to a new path only: filters and paging keep focus where it is', async () => {
    let listener: ((event: { pathChanged: boolean; toLocation: { pathname: string } }) => void) | undefined
    const stop = followNavigationWithFocus({
      subscribe: (_event, next) => {
        listener = next
        return () => {}
      },
    })
    page('<input id="search" /><main><h1>Markets</h1></main>')
    const search = document.getElementById('search')!
    search.blur()
    listener!({ pathChanged: false, toLocation: { pathname: '/market' } })
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(document.activeElement).toBe(document.body)
    listener!({ pathChanged: true, toLocation: { pathname: '/market' } })
    await waitFor(() => expect(document.activeElement).toBe(document.querySelector('h1')))
    stop()
  })
})
