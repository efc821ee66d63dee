import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Route components are memoised by the router: a page redraws in a new language only if it
 * subscribes to the locale itself. A page that forgets keeps its old words after a switch.
 */
describe('pages follow the language', () => {
  it('every page component subscribes to the locale', () => {
    const pages = readdirSync('src/features', { recursive: true, encoding: 'utf8' }).filter((file) =>
      /-page\.tsx$/.test(file),
    )
    expect(pages.length).toBeGreaterThan(5)
    const forgetful = pages.filter((file) => {
      const text = readFileSync(`src/features/${file}`, 'utf8')
      // A page that only lays out words it is given (status-page) has nothing to subscribe to; a list
      // page's useColumns subscribes for it (src/components/data-table/use-columns.ts).
      return text.includes("from '@/paraglide/messages'") && !/\b(useLocale|useColumns)\(/.test(text)
    })
    expect(forgetful).toEqual([])
  })
})
