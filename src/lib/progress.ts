import NProgress from 'nprogress'

// SPEC §9: minimum 0.08, speed 200 ms, trickle rate 0.02, trickle speed 800 ms, no spinner.
// Its default template gives the bar role="bar", which is not an ARIA role.
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  trickleSpeed: 800,
  showSpinner: false,
  template: '<div class="bar"><div class="peg"></div></div>',
  ...({ trickleRate: 0.02 } as object),
})

export const startProgress = () => NProgress.start()
export const finishProgress = () => NProgress.done()
