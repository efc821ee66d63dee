import NProgress from 'nprogress'

// SPEC §9: minimum 0.08, speed 200 ms, trickle rate 0.02, trickle speed 800 ms, no spinner.
NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false, ...({ trickleRate: 0.02 } as object) })

export const startProgress = () => NProgress.start()
export const finishProgress = () => NProgress.done()
