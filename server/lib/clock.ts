/** Injected so tests can move time (session expiry, sign-in lockout) without sleeping. */
export type Clock = () => Date
export const systemClock: Clock = () => new Date()
