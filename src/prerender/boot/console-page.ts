import { readFrameMemory } from '../frame-memory'
import { leaveForSignIn, leaveForWorkplace, paintSignedInFrame } from './signed-in-frame'

// The inline boot script of a prerendered console page without early requests of its own (a list:
// src/prerender/pages.ts). It runs at the top of <body>, before the frame paints: no session, straight
// to /login; otherwise the stored theme and layout, and what the Workplace drew last for this account.
let token: string | null = null
try {
  token = localStorage.getItem('token')
} catch {
  token = null
}
const memory = token ? readFrameMemory(token) : null
if (!token) leaveForSignIn()
// A platform-only page (src/prerender/pages.ts `platformOnly`) for an account remembered as a market
// operator's: its route guard would send them to the Workplace; go before the platform's frame paints.
else if (memory?.variant && document.documentElement.hasAttribute('data-platform-only')) leaveForWorkplace()
else paintSignedInFrame(memory)
