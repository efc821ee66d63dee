/**
 * A `paintFirst` page's HTML (src/prerender/pages.ts): its module preloads held in
 * `<template data-after-paint>` until the boot script has seen the first paint, and what lies outside.
 */
export function heldCode(html: string): { held: string[]; outside: string } {
  const template = /<template data-after-paint>(.*?)<\/template>/s.exec(html)?.[1] ?? ''
  return {
    held: template.match(/<link rel="modulepreload"[^>]*>/g) ?? [],
    outside: template ? html.replace(template, '') : html,
  }
}
