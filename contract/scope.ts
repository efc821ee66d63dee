import * as v from 'valibot'

/**
 * `?market=<uuid>` on a market-scoped page (merchants, devices, dashboard): the market an OFFICIAL
 * is looking at; absent, the page shows the market last chosen in this browser. Lenient like every
 * route search: a value that is not a uuid is dropped, so an old or edited link still opens. Route
 * schemas spread these entries; the console recognises a scoped route by them.
 */
export const MarketScopeSearchSchema = v.object({
  market: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
})
export type MarketScopeSearch = v.InferOutput<typeof MarketScopeSearchSchema>

/**
 * The API's side of `?market=`: strict (a value that is not a uuid is 40000). The server then holds a
 * MARKET caller to its own market whatever this says (server/lib/scope.ts).
 */
export const MarketQueryEntries = {
  market: v.optional(v.pipe(v.string('validation_invalid'), v.uuid('validation_invalid'))),
}
