import { useLayoutEffect } from 'react'
import { Languages } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { LOCALES, switchLocale, useLocale, type Locale } from '@/lib/locale'
import { showToast } from '@/lib/toast'
import { cn } from '@/lib/cn'
import { takeEarlyLocale } from '@/prerender/early-locale'

const LABELS: Record<Locale, () => string> = { 'zh-CN': m.locale_zh_cn, 'en-US': m.locale_en_us }

/**
 * The language switch: a native select (light enough for the sign-in page, keyboard-ready).
 * The choice is stored under `locale` and a translated toast confirms it.
 */
export function LocaleSwitch({ className }: { className?: string }) {
  const locale = useLocale()
  // A language chosen in the prerendered page before this code arrived (its boot script noted it):
  // applied now, after hydration, before the next paint.
  useLayoutEffect(() => {
    const early = takeEarlyLocale()
    if (early !== undefined && LOCALES.includes(early as Locale)) choose(early as Locale)
  }, [])
  return (
    <label
      className={cn(
        'relative inline-flex items-center gap-1 rounded px-2 py-1 text-sm focus-within:ring-2 focus-within:ring-ring hover:bg-accent',
        className,
      )}
    >
      <Languages aria-hidden className="size-4 text-muted-foreground" />
      <span className="sr-only">{m.locale_label()}</span>
      <select
        data-testid="locale-switch"
        name="locale"
        value={locale}
        onChange={(event) => choose(event.target.value as Locale)}
        className="cursor-pointer appearance-none bg-transparent pr-1 text-sm outline-none"
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} className="bg-popover text-popover-foreground">
            {LABELS[value]()}
          </option>
        ))}
      </select>
    </label>
  )
}

function choose(locale: Locale): void {
  if (!switchLocale(locale)) return
  void showToast('success', m.locale_changed())
}
