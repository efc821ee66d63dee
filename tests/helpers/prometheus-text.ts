/**
 * A strict parser of Prometheus' text exposition format 0.0.4 (no npm parser is installed): it throws
 * on any line that is not a well-formed HELP, TYPE, comment or sample, on a sample whose family was
 * not declared first, a TYPE given twice or after its samples, a repeated label, a duplicate series,
 * and histogram series that are not cumulative or lack their +Inf bucket, _sum or _count.
 */

type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'
type Sample = { name: string; labels: Record<string, string>; value: number }
export type Family = { name: string; type: MetricType; help: string; samples: Sample[] }

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABEL_NAME = '[a-zA-Z_][a-zA-Z0-9_]*'
const HELP_LINE = new RegExp(`^# HELP (${NAME}) (.*)$`)
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`)
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`)
const LABEL = new RegExp(`^(${LABEL_NAME})="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`)
/** A float as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
const VALUE = /^(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?inf(?:inity)?|nan)$/i

function parseValue(text: string, line: number): number {
  if (!VALUE.test(text)) throw new Error(`line ${line}: bad value ${JSON.stringify(text)}`)
  const word = text.toLowerCase()
  if (word === 'nan') return Number.NaN
  if (word.endsWith('inf') || word.endsWith('infinity')) return word.startsWith('-') ? -Infinity : Infinity
  return Number(text)
}

function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {}
  let rest = text
  while (rest.length > 0) {
    const match = LABEL.exec(rest)
    if (!match) throw new Error(`line ${line}: bad label list {${text}}`)
    const [whole, name, raw] = match as unknown as [string, string, string]
    if (Object.hasOwn(labels, name)) throw new Error(`line ${line}: label ${name} twice`)
    labels[name] = raw.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c))
    rest = rest.slice(whole.length)
    if (rest.startsWith(',')) {
      rest = rest.slice(1)
      if (rest.length === 0) break // a trailing comma is allowed
    } else if (rest.length > 0) throw new Error(`line ${line}: bad label list {${text}}`)
  }
  return labels
}

/** The family a sample belongs to: its own name, or a histogram's or summary's without its suffix. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name)
  if (own) return own
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue
    const family = families.get(name.slice(0, -suffix.length))
    if (family && (family.type === 'histogram' || (family.type === 'summary' && suffix !== '_bucket'))) return family
  }
  return undefined
}

const seriesKey = (sample: Sample) =>
  `${sample.name}{${Object.entries(sample.labels)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(',')}}`

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline')
  const families = new Map<string, Family>()
  const seen = new Set<string>()
  const helped = new Set<string>()
  text
    .slice(0, -1)
    .split('\n')
    .forEach((raw, index) => {
      const line = index + 1
      if (raw === '') return
      if (raw.startsWith('#')) {
        const help = HELP_LINE.exec(raw)
        if (help) {
          const [, name, doc] = help as unknown as [string, string, string]
          if (helped.has(name)) throw new Error(`line ${line}: HELP for ${name} twice`)
          helped.add(name)
          const family = families.get(name)
          if (family) family.help = doc
          else families.set(name, { name, type: 'untyped', help: doc, samples: [] })
          return
        }
        const type = TYPE_LINE.exec(raw)
        if (type) {
          const [, name, kind] = type as unknown as [string, string, MetricType]
          const family = families.get(name)
          if (family && (family.samples.length > 0 || family.type !== 'untyped'))
            throw new Error(`line ${line}: TYPE for ${name} after its samples or twice`)
          if (family) family.type = kind
          else families.set(name, { name, type: kind, help: '', samples: [] })
          return
        }
        if (raw.startsWith('# HELP') || raw.startsWith('# TYPE'))
          throw new Error(`line ${line}: bad ${raw.slice(2, 6)}`)
        return // a plain comment
      }
      const match = SAMPLE_LINE.exec(raw)
      if (!match) throw new Error(`line ${line}: not a sample: ${JSON.stringify(raw)}`)
      const [, name, labelText, valueText] = match as unknown as [string, string, string | undefined, string]
      const family = familyOf(name, families)
      if (!family) throw new Error(`line ${line}: sample ${name} before its TYPE`)
      const sample = { name, labels: labelText ? parseLabels(labelText, line) : {}, value: parseValue(valueText, line) }
      const key = seriesKey(sample)
      if (seen.has(key)) throw new Error(`line ${line}: series ${key} twice`)
      seen.add(key)
      family.samples.push(sample)
    })
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family)
  return families
}

/** Each series' buckets rise to +Inf, which equals its _count; _sum is there. */
function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; sum?: number; count?: number }>()
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels
    const key = JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)))
    const entry = series.get(key) ?? { buckets: [] }
    series.set(key, entry)
    if (sample.name === `${family.name}_bucket`) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`)
      entry.buckets.push([parseValue(le, 0), sample.value])
    } else if (sample.name === `${family.name}_sum`) entry.sum = sample.value
    else if (sample.name === `${family.name}_count`) entry.count = sample.value
    else throw new Error(`${family.name}: unexpected sample ${sample.name}`)
  }
  for (const [key, entry] of series) {
    const sorted = [...entry.buckets].sort(([a], [b]) => a - b)
    if (sorted.at(-1)?.[0] !== Infinity) throw new Error(`${family.name}${key}: no +Inf bucket`)
    sorted.forEach(([, count], i) => {
      if (i > 0 && count < (sorted[i - 1] as [number, number])[1])
        throw new Error(`${family.name}${key}: buckets not cumulative`)
    })
    if (entry.sum === undefined || entry.count === undefined) throw new Error(`${family.name}${key}: no _sum or _count`)
    if (entry.count !== sorted.at(-1)?.[1]) throw new Error(`${family.name}${key}: _count is not the +Inf bucket`)
  }
}

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none). */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const family = familyOf(name, families)
  const matches = (family?.samples ?? []).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v),
  )
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${matches.length} series`)
  return matches[0]?.value ?? 0
}
