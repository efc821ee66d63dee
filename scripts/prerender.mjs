// The prerender step of `npm run build` (after the client build and `vite build --ssr
// src/prerender/entry.tsx`): draws every page of src/prerender/pages.ts to HTML, once per language and
// theme, from the app's own components, into dist/client/prerendered/ (see that module for the kit).
// Each file is dist/client/index.html with: the page's markup in #root, the app's CSS inlined (the
// first paint needs no second request), modulepreload links for the page's route chunks (and their
// static imports, from the Vite manifest), and the page's boot script inline at the top of <body>.
// The boot scripts' SHA-256 hashes go into prerendered/index.json for the server's CSP.
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const CLIENT = 'dist/client'
const {
  renderPage,
  PRERENDERED_PAGES,
  earlyWordsOf,
  earlyWordsScript,
  VIEW_LOCALES,
  VIEW_THEMES,
  PRERENDER_INDEX,
  prerenderedFile,
} = await import(pathToFileURL(path.resolve('dist/prerender/entry.js')).href)
const template = readFileSync(path.join(CLIENT, 'index.html'), 'utf8')
const manifest = JSON.parse(readFileSync(path.join(CLIENT, 'manifest.json'), 'utf8'))

/**
 * The stylesheet link Vite wrote, replaced by the sheet itself. A disabled link to the file stays (a
 * disabled stylesheet is not fetched): Vite's loader of a lazy chunk adds a chunk's CSS unless a
 * stylesheet link to it is in the document, and the console's chunks list the entry's CSS, which
 * fetched the whole sheet again after the takeover.
 */
const cssLink = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g
const withInlineCss = template.replace(cssLink, (_, file) => {
  const css = readFileSync(path.join(CLIENT, file), 'utf8')
  return `<style>${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`
})

/** What a frame shows that a variant's does not: its side menu's links and its elements by data-testid. */
const menuLinks = (markup) => {
  const start = markup.indexOf('data-testid="side-menu"')
  const nav = start < 0 ? '' : markup.slice(start, markup.indexOf('</nav>', start))
  return new Set([...nav.matchAll(/ href="([^"]*)"/g)].map((match) => match[1]))
}
const testIds = (markup) => new Set([...markup.matchAll(/ data-testid="([^"]*)"/g)].map((match) => match[1]))

/**
 * Styles that turn the frame into a variant's (src/prerender/pages.ts `variants`) under
 * `<html data-frame~=name>`: the links and controls it lacks hidden, and a menu group left empty.
 */
function variantStyles(name, base, variant) {
  const scope = `html[data-frame~="${name}"]`
  const links = [...menuLinks(base)].filter((href) => !menuLinks(variant).has(href))
  const ids = [...testIds(base)].filter((id) => !testIds(variant).has(id))
  const rules = []
  const menu = '[data-testid="side-menu"]'
  if (links.length > 0) {
    const hidden = links.map((href) => `[href="${href}"]`)
    rules.push(`${hidden.map((link) => `${scope} ${menu} a${link}`).join(',')}{display:none}`)
    rules.push(
      `${scope} ${menu} [role="group"]:not(:has(a${hidden.map((link) => `:not(${link})`).join('')})){display:none}`,
    )
  }
  if (ids.length > 0) rules.push(`${ids.map((id) => `${scope} [data-testid="${id}"]`).join(',')}{display:none}`)
  return rules.join('')
}

/** The chunk files a manifest key's chunk loads statically, itself included (not the entry's own). */
function chunkFiles(key, into = new Set()) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`prerender: ${key} is not in the Vite manifest`)
  if (chunk.isEntry || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) chunkFiles(imported, into)
  return into
}

async function bootScript(entry) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  })
  return result.outputFiles[0].text.trim()
}

/** What the page's boot script reads off <html> (src/prerender/pages.ts `platformOnly`, `firstPage`). */
const htmlAttributes = (page) =>
  `${page.platformOnly ? ' data-platform-only' : ''}${page.firstPage ? ` data-first-page="${escapeAttribute(page.firstPage)}"` : ''}`

/** The entry's module script, which a `paintFirst` page preloads instead (its boot script starts it). */
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/
if (!entryScript.test(template)) throw new Error('prerender: index.html has no entry module script')
const preloadEntry = (html) =>
  html.replace(entryScript, (_, src) => `<link rel="modulepreload" crossorigin href="${src}" data-entry>`)

/**
 * A `paintFirst` page's module preloads wait in a <template> until its boot script has seen the first
 * paint (src/prerender/boot/start-after-first-paint.ts), then all start at once. Fetched and compiled
 * beside the HTML they held its first paint back: /login's LCP 1,488 ms with them against 960 without,
 * the static limit 1,216 in the same run (4x throttle, docs/performance.md). The code is not what the
 * first paint needs; it still arrives without a waterfall.
 */
const holdPreloads = (html) => {
  const links = []
  const rest = html.replace(/<link rel="modulepreload"[^>]*>/g, (link) => {
    links.push(link)
    return ''
  })
  return rest.replace('</head>', `<template data-after-paint>${links.join('')}</template></head>`)
}

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('base64')
const escapeAttribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;')

mkdirSync(path.join(CLIENT, 'prerendered'), { recursive: true })
const scriptHashes = new Set()
for (const page of PRERENDERED_PAGES) {
  const boot = await bootScript(page.boot)
  if (boot.includes('</script')) throw new Error(`prerender: ${page.boot} bundles a "</script"`)
  scriptHashes.add(sha256(boot))
  const preloads = [...new Set(page.preload.flatMap((key) => [...chunkFiles(key)]))]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('')
  for (const locale of VIEW_LOCALES) {
    const rendered = await renderPage(page, locale)
    // React leaves a marker where a part failed to render on the server and is left to the browser.
    if (rendered.includes('Switched to client rendering'))
      throw new Error(`prerender: part of ${page.path} failed to render: ${/data-msg="([^"]*)"/.exec(rendered)?.[1]}`)
    let variants = ''
    for (const [name, answers] of Object.entries(page.variants ?? {}))
      variants += variantStyles(name, rendered, await renderPage(page, locale, answers))
    // React hoists resource hints (an image's preload) to the front of what it renders: they belong in <head>.
    const hoisted = /^(?:<link [^>]*>)*/.exec(rendered)[0]
    const markup = rendered.slice(hoisted.length)
    // The words the boot script says before the code has arrived, in this language (pages.ts `earlyWords`).
    const words = earlyWordsOf(page, locale)
    const wordsScript = words === undefined ? '' : earlyWordsScript(words)
    for (const theme of VIEW_THEMES) {
      const html = (page.paintFirst ? preloadEntry(withInlineCss) : withInlineCss)
        .replace(/<html lang="[^"]*">/, `<html lang="${locale}"${htmlAttributes(page)}>`)
        .replace('</head>', `${variants ? `<style>${variants}</style>` : ''}${preloads}${hoisted}${wordsScript}</head>`)
        .replace('<body>', `<body${theme === 'dark' ? ' data-theme="dark"' : ''}><script>${boot}</script>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-prerendered="${escapeAttribute(page.path)}"${page.takeover ? ' data-takeover' : ''}>${markup}</div>`,
        )
      if (!html.includes('data-prerendered')) throw new Error('prerender: index.html has no empty #root')
      writeFileSync(
        path.join(CLIENT, prerenderedFile(page.file, { locale, theme })),
        page.paintFirst ? holdPreloads(html) : html,
      )
    }
  }
}
writeFileSync(
  path.join(CLIENT, PRERENDER_INDEX),
  JSON.stringify({
    pages: PRERENDERED_PAGES.map(({ path: pagePath, file }) => ({ path: pagePath, file })),
    scriptHashes: [...scriptHashes],
  }),
)
console.log(`prerendered ${PRERENDERED_PAGES.map((page) => page.path).join(', ')} in ${VIEW_LOCALES.join(', ')}`)
// The rendered app leaves timers behind (stores, the router): nothing else is to come.
process.exit(0)
