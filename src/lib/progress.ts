/**
 * The navigation progress bar (SPEC §2/§9: minimum 0.08, speed 200 ms, trickle every 800 ms, no
 * spinner). NProgress's behaviour, but drawn with transforms only and never reading layout: NProgress
 * forces a synchronous layout on every step (`offsetWidth`), which on a page drawing a 100-row table
 * cost ~28 ms of script per navigation.
 */
const MINIMUM = 0.08
const SPEED_MS = 200
const TRICKLE_MS = 800

let root: HTMLDivElement | null = null
let status: number | null = null
let trickle: ReturnType<typeof setInterval> | undefined
let hiding: ReturnType<typeof setTimeout> | undefined

function bar(): HTMLElement {
  if (!root?.isConnected) {
    root = document.createElement('div')
    root.id = 'nprogress'
    root.innerHTML = '<div class="bar"><div class="peg"></div></div>'
    document.body.append(root)
  }
  return root.firstElementChild as HTMLElement
}

function set(value: number): void {
  status = Math.min(Math.max(value, MINIMUM), 1)
  const element = bar()
  element.style.transition = `transform ${SPEED_MS}ms linear, opacity ${SPEED_MS}ms linear`
  element.style.transform = `translate3d(${(status - 1) * 100}%, 0, 0)`
  element.style.opacity = '1'
}

/** NProgress's trickle: big steps first, ever smaller ones as it nears the end, never reaching it. */
const step = (at: number) => (at < 0.2 ? 0.1 : at < 0.5 ? 0.04 : at < 0.8 ? 0.02 : at < 0.99 ? 0.005 : 0)

// A broken progress bar must never break navigation (these run inside the router's event emitter).
export function startProgress(): void {
  try {
    clearTimeout(hiding)
    // A new navigation while the last one's bar fades out starts over (and shows it again).
    set(status === null || status >= 1 ? 0 : status)
    clearInterval(trickle)
    trickle = setInterval(() => status !== null && set(status + step(status)), TRICKLE_MS)
  } catch {
    // cosmetic only
  }
}

/** @public Called through the dynamic import in root-layout.tsx, which knip cannot follow. */
export function finishProgress(): void {
  try {
    if (status === null) return
    clearInterval(trickle)
    set(1)
    hiding = setTimeout(() => {
      bar().style.opacity = '0'
      hiding = setTimeout(() => {
        root?.remove()
        status = null
      }, SPEED_MS)
    }, SPEED_MS)
  } catch {
    // cosmetic only
  }
}
