import * as v from 'valibot'
import { MAX_SEARCH_LENGTH, SearchTextSchema, isCleanText } from './text'

/**
 * Every list is defined once, here: `listQuery` yields the API's query schema (strict: a bad value
 * is 40000), the route's search schema (lenient: a bad value falls back, so an old bookmark still
 * opens) and the defaults the route keeps out of the URL.
 */

/** Page sizes the console offers; the API takes any size up to the last. */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20
const MAX_PAGE_SIZE: PageSize = 100
const MAX_PAGE = 1_000_000
const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** A whole number from a query string (or a number), within bounds; a default when absent. */
export function queryInt(min: number, max: number, fallback: number) {
  return v.optional(
    v.pipe(
      v.union(
        [v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'validation_invalid'), v.transform(Number))],
        'validation_invalid',
      ),
      v.integer('validation_invalid'),
      v.minValue(min, 'validation_invalid'),
      v.maxValue(max, 'validation_invalid'),
    ),
    fallback,
  )
}

/** `page` and `pageSize` (<= 100) as every list endpoint takes them (DESIGN.md §5). */
export const PagingSchema = {
  page: queryInt(1, MAX_PAGE, 1),
  pageSize: queryInt(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
}

export function listSchema<T extends v.GenericSchema>(item: T) {
  return v.object({ list: v.array(item), total: v.number() })
}

/** Where a list with many rows stops counting: an exact count of a million rows costs more than the page. */
export const LIST_COUNT_CAP = 10_000

/**
 * A list whose total is counted up to LIST_COUNT_CAP: past it `totalCapped` is true and `total` the cap
 * (the console shows "10,000+"; people narrow the filters rather than page to row 60,000).
 */
export function cappedListSchema<T extends v.GenericSchema>(item: T) {
  return v.object({ ...listSchema(item).entries, totalCapped: v.boolean() })
}

type Options = readonly [string, ...string[]]
type FilterMap = Record<string, Options>

/** What a list's definition tells beyond its schemas: its filters' values (contract/pages.ts names their words). */
export type ListQuery = { readonly filters: FilterMap }

type Definition<Sort extends Options, Filters extends FilterMap> = {
  sorts: Sort
  defaultSort: Sort[number]
  defaultOrder?: SortOrder
  /** Filters by a fixed set of values, e.g. `{ status: ['1', '2'] }`. */
  filters?: Filters
}

const strictFilters = <F extends FilterMap>(filters: F) =>
  Object.fromEntries(
    Object.entries(filters).map(([key, options]) => [key, v.optional(v.picklist(options, 'validation_invalid'))]),
  ) as {
    [K in keyof F]: v.OptionalSchema<v.PicklistSchema<F[K], 'validation_invalid'>, undefined>
  }

/** A value from the URL is text (src/lib/search-params.ts); one set by code may still be a number. */
const TextFromUrl = v.union([v.string(), v.pipe(v.number(), v.transform(String))])
/** `?page=2` is the text '2' in the URL and the number 2 when set by code. */
const IntFromUrl = v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))])

const lenientFilters = <F extends FilterMap>(filters: F) =>
  Object.fromEntries(
    Object.entries(filters).map(([key, options]) => [
      key,
      v.fallback(v.optional(v.pipe(TextFromUrl, v.picklist(options))), undefined),
    ]),
  ) as unknown as {
    [K in keyof F]: v.SchemaWithFallback<
      v.OptionalSchema<v.GenericSchema<F[K][number] | number, F[K][number]>, undefined>,
      undefined
    >
  }

/**
 * The URL's search text; text the API would refuse (control characters, too long) is dropped rather
 * than sent.
 */
const LenientSearchText = v.fallback(
  v.optional(
    v.pipe(
      TextFromUrl,
      v.check((text: string) => isCleanText(text) && text.length <= MAX_SEARCH_LENGTH),
    ),
  ),
  undefined,
)

export function listQuery<const Sort extends Options, const Filters extends FilterMap = Record<never, Options>>(
  definition: Definition<Sort, Filters>,
) {
  const { sorts, defaultSort, defaultOrder = 'desc' } = definition
  const filters = (definition.filters ?? {}) as Filters
  const defaults = { page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: defaultSort, order: defaultOrder }

  const query = v.object({
    ...PagingSchema,
    sort: v.optional(v.picklist(sorts, 'validation_invalid'), defaultSort),
    order: v.optional(v.picklist(SORT_ORDERS, 'validation_invalid'), defaultOrder),
    q: SearchTextSchema,
    ...strictFilters(filters),
  })

  const search = v.object({
    page: v.fallback(v.optional(v.pipe(IntFromUrl, v.integer(), v.minValue(1), v.maxValue(MAX_PAGE)), 1), 1),
    pageSize: v.fallback(v.optional(v.pipe(IntFromUrl, v.picklist(PAGE_SIZES)), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
    sort: v.fallback(v.optional(v.picklist(sorts), defaultSort), defaultSort),
    order: v.fallback(v.optional(v.picklist(SORT_ORDERS), defaultOrder), defaultOrder),
    q: LenientSearchText,
    ...lenientFilters(filters),
  })

  return { query, search, defaults, filters }
}

/** The query a list endpoint receives, after validation. */
export type ListQueryOf<L extends { query: v.GenericSchema }> = v.InferOutput<L['query']>
/** The route's search params, after the lenient parse. */
export type ListSearchOf<L extends { search: v.GenericSchema }> = v.InferOutput<L['search']>
