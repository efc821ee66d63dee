/** Role numbers from SPEC §3/§9. Anything other than OFFICIAL or MARKET has no console role. */
export const Role = {
  OFFICIAL: 1,
  MARKET: 51,
  /** Stall holders' accounts: they exist, but cannot sign in to the console. */
  MERCHANT: 101,
} as const

export const CONSOLE_ROLES: readonly number[] = [Role.OFFICIAL, Role.MARKET]

/** Status 1 is normal; any other value is frozen. */
export const UserStatus = { NORMAL: 1, FROZEN: 2 } as const
export const isNormalStatus = (status: number) => status === UserStatus.NORMAL
