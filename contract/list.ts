import * as v from 'valibot'

/** A whole number from a query string (or a number), within bounds; a default when absent. */
export function queryInt(min: number, max: number, fallback: number) {
  return v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'validation_invalid'), v.transform(Number))], 'validation_invalid'),
      v.integer('validation_invalid'),
      v.minValue(min, 'validation_invalid'),
      v.maxValue(max, 'validation_invalid'),
    ),
    fallback,
  )
}

/** `page` and `pageSize` (<= 100) as every list endpoint takes them (DESIGN.md §5). */
export const PagingSchema = {
  page: queryInt(1, 1_000_000, 1),
  pageSize: queryInt(1, 100, 10),
}

export function listSchema<T extends v.GenericSchema>(item: T) {
  return v.object({ list: v.array(item), total: v.number() })
}
