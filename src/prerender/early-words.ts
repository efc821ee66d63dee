/**
 * THE PRERENDER KIT's early words: what a page's boot script says before the app's code has arrived
 * (a list's early rows: ./boot/early-rows.ts), written by the build into each language's HTML as a
 * JSON script of this id (pages.ts `earlyWords`, scripts/prerender.mjs), so the script carries none.
 */
export const EARLY_WORDS_ID = 'early-words'

/** The JSON script's markup: `<` escaped, so no text in it can end the script. */
export const earlyWordsScript = (words: unknown) =>
  `<script type="application/json" id="${EARLY_WORDS_ID}">${JSON.stringify(words).replaceAll('<', '\\u003c')}</script>`
