import { readFileSync } from 'node:fs'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { CLASS_GROUPS_FILE, classGroupsModule } from '../../scripts/class-groups.mjs'
import { CLASS_GROUPS } from '../../src/lib/class-groups.gen'
import { mergeClasses } from '../../src/lib/class-merge'

// cn() merges by a table of the console's classes instead of tailwind-merge's map of every class
// (issue 24: 0.4 MB of the Workplace's heap). It must merge every class the console has as twMerge does.
const classes = CLASS_GROUPS.flatMap((line) => (line.split('|')[2] ?? '').split(' '))
const VARIANTS = [
  'hover:',
  'md:',
  'dark:',
  'md:hover:',
  'hover:md:',
  'data-[state=open]:',
  '[&>svg]:',
  'before:',
  'hover:before:',
  'before:hover:',
  'group-hover:',
  '@2xl:',
  'focus-visible:',
]

/** A repeatable sequence of numbers in [0, 1) (mulberry32): a failure reads the same on every run. */
function randomFrom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('mergeClasses', () => {
  it('reads a table made from the sources as they are now (npm run prepare:gen)', async () => {
    expect(readFileSync(CLASS_GROUPS_FILE, 'utf8')).toBe(await classGroupsModule())
    expect(classes.length).toBeGreaterThan(300)
  }, 30_000)

  it('lets the later of two classes that set the same thing win, and keeps the rest', () => {
    expect(mergeClasses('px-2 py-1 px-4')).toBe('py-1 px-4')
    expect(mergeClasses('px-2 p-4')).toBe('p-4')
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2')
    expect(mergeClasses('text-sm text-muted-foreground')).toBe('text-sm text-muted-foreground')
    expect(mergeClasses('h-4 md:h-4 h-72')).toBe('md:h-4 h-72')
    expect(mergeClasses('hover:md:bg-muted md:hover:bg-card')).toBe('md:hover:bg-card')
    expect(mergeClasses('  watermark  flex   block ')).toBe('watermark block')
    expect(mergeClasses('')).toBe('')
  })

  it('merges every pair of the console classes as twMerge does', () => {
    const wrong: string[] = []
    for (const first of classes)
      for (const second of classes) {
        const list = `${first} ${second}`
        if (mergeClasses(list) !== twMerge(list)) wrong.push(list)
      }
    expect(wrong.slice(0, 10)).toEqual([])
  })

  it('merges lists of classes under variants, important or not, as twMerge does', () => {
    const random = randomFrom(24)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
    const wrong: string[] = []
    for (let round = 0; round < 5000; round++) {
      const list = Array.from({ length: 2 + Math.floor(random() * 6) }, () => {
        const name = random() < 0.05 ? 'not-a-console-class' : pick(classes)
        return `${random() < 0.5 ? '' : pick(VARIANTS)}${name}${random() < 0.1 ? '!' : ''}`
      }).join(random() < 0.1 ? '  ' : ' ')
      if (mergeClasses(list) !== twMerge(list)) wrong.push(list)
    }
    expect(wrong.slice(0, 10)).toEqual([])
  })
})
