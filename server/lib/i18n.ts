import enUS from '../../messages/en-US.json' with { type: 'json' }
import zhCN from '../../messages/zh-CN.json' with { type: 'json' }
import type { WordKey } from '../../contract/words'

/** The server answers in the caller's language from the same messages/ files the console uses. */
export type Locale = 'zh-CN' | 'en-US'
export type MessageKey = Exclude<keyof typeof enUS, '$schema'>

const catalogues: Record<Locale, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS }

export function isMessageKey(key: string): key is MessageKey {
  return key !== '$schema' && Object.hasOwn(enUS, key)
}

/**
 * A message in `locale` with its placeholders filled. A parameter may be given per language as
 * `name@en-US` / `name@zh-CN` (text the server composed in each, such as a notice's list of figures):
 * the reader's own is used before a plain `name`.
 */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key] ?? catalogues['en-US'][key] ?? key
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const own = `${name}@${locale}`
    if (own in params) return String(params[own])
    return name in params ? String(params[name]) : whole
  })
}

/** zh-CN unless the caller asks for English first (the console sends its current locale). */
export function localeFromHeader(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? ''
  return first.startsWith('en') ? 'en-US' : 'zh-CN'
}

/** A fixed value's word (contract/words.ts); every word key must be a message key, or this fails `tsc`. */
export const translateWord = (locale: Locale, key: WordKey): string => translate(locale, key)
