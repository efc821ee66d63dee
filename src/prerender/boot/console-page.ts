import { readFrameMemory } from '../frame-memory'
import { leaveForSignIn, paintSignedInFrame } from './signed-in-frame'

// The inline boot script of a prerendered console page without early requests of its own (a list:
// src/prerender/pages.ts). It runs at the top of <body>, before the frame paints: no session, straight
// to /login; otherwise the stored theme and layout, and what the Workplace drew last for this account.
let token: string | null = null
try {
  token = localStorage.getItem('token')
} catch {
  token = null
}
if (token) paintSignedInFrame(readFrameMemory(token))
else leaveForSignIn()
