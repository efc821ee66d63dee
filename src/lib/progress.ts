import NProgress from 'nprogress'

// SPEC §9: minimum 0.08, speed 200 ms, trickle rate 0.02, trickle speed 800 ms, no spinner.
// Its default template gives the bar role="bar", which is not an ARIA role.
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  trickleSpeed: 800,
  showSpinner: false,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
  ...({ trickleRate: 0.02 } as object),
})

// A broken progress bar must never break navigation (these run inside the router's event emitter).
export function startProgress(): void {
  try {
    NProgress.start()
  } catch {
    // cosmetic only
  }
}

/** @public Called through the dynamic import in root-layout.tsx, which knip cannot follow. */
export function finishProgress(): void {
  try {
    NProgress.done()
  } catch {
    // cosmetic only
  }
}
