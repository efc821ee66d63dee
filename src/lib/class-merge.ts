import { CLASS_GROUPS, ORDER_SENSITIVE_VARIANTS } from './class-groups.gen'

/*
 * twMerge's merge, on a table of the console's own classes (scripts/class-groups.mjs writes it at build
 * time with tailwind-merge's answers). tailwind-merge builds a map of every class Tailwind could make on
 * its first call: 0.3 MB of the Workplace's heap for the ~600 classes the console has (issue 24). A
 * class not in the table has no rule in the stylesheet, so keeping it changes nothing on screen.
 */

interface ClassGroup {
  readonly id: string
  readonly conflicts: readonly string[]
}

let groups: Map<string, ClassGroup> | undefined
const orderSensitive = new Set(ORDER_SENSITIVE_VARIANTS)

function groupsByClass(): Map<string, ClassGroup> {
  if (groups) return groups
  groups = new Map()
  for (const line of CLASS_GROUPS) {
    const [id = '', conflicts = '', classes = ''] = line.split('|')
    const group = { id, conflicts: conflicts ? conflicts.split(' ') : [] }
    for (const name of classes.split(' ')) groups.set(name, group)
  }
  return groups
}

/** A class's variants (`md:`, `hover:`), whether it is `!important`, and the class itself. */
function parseClass(name: string): { variants: string[]; important: boolean; base: string } {
  const variants: string[] = []
  let brackets = 0
  let parentheses = 0
  let start = 0
  for (let index = 0; index < name.length; index++) {
    const character = name[index]
    if (character === ':' && brackets === 0 && parentheses === 0) {
      variants.push(name.slice(start, index))
      start = index + 1
    } else if (character === '[') brackets++
    else if (character === ']') brackets--
    else if (character === '(') parentheses++
    else if (character === ')') parentheses--
  }
  const base = name.slice(start)
  // Tailwind 4 writes `!` last; 3 wrote it first, and twMerge reads both.
  if (base.endsWith('!')) return { variants, important: true, base: base.slice(0, -1) }
  if (base.startsWith('!')) return { variants, important: true, base: base.slice(1) }
  return { variants, important: false, base }
}

/** Variants in a canonical order (`hover:md:` is `md:hover:`), but never across one whose place matters. */
function variantKey(variants: string[]): string {
  if (variants.length < 2) return variants[0] ?? ''
  const sorted: string[] = []
  let run: string[] = []
  for (const variant of variants) {
    if (variant.startsWith('[') || orderSensitive.has(variant)) {
      sorted.push(...run.sort(), variant)
      run = []
    } else run.push(variant)
  }
  sorted.push(...run.sort())
  return sorted.join(':')
}

/** `px-2 py-1 px-4` -> `py-1 px-4`: of classes that set the same thing under the same variants, the last wins. */
export function mergeClasses(list: string): string {
  const byClass = groupsByClass()
  const taken: string[] = []
  let merged = ''
  const names = list.trim().split(/\s+/)
  for (let index = names.length - 1; index >= 0; index--) {
    const name = names[index] ?? ''
    if (!name) continue
    const { variants, important, base } = parseClass(name)
    const group = byClass.get(base)
    if (group) {
      const key = `${variantKey(variants)}${important ? '!' : ''}|`
      if (taken.includes(key + group.id)) continue
      taken.push(key + group.id)
      for (const conflict of group.conflicts) taken.push(key + conflict)
    }
    merged = merged ? `${name} ${merged}` : name
  }
  return merged
}
