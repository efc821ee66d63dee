/** The demo's seeded randomness: every demo database holds the same people and the same trading. */

export type Random = () => number

/** mulberry32: a small, fast, seeded PRNG in [0, 1). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

/** Picks from [value, weight] pairs. */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = random() * total
  for (const [value, weight] of choices) {
    roll -= weight
    if (roll < 0) return value
  }
  return (choices.at(-1) as readonly [T, number])[0]
}
