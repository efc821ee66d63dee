/**
 * The console's mark (public/favicon.svg, drawn inline): part of the first paint's markup rather than
 * a request of its own, which a prerendered page made twice (the frame's image, then the page's after
 * takeover) beside the browser's favicon. Keep it the same drawing as public/favicon.svg.
 */
export function BrandMark() {
  return (
    <svg aria-hidden viewBox="0 0 32 32" width={28} height={28} className="shrink-0">
      <rect width="32" height="32" rx="7" fill="#165DFF" />
      <path d="M9 21c0-6 4-11 14-12-1 9-6 14-12 14" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M9 23l7-7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  )
}
