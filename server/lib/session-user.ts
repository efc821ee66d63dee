/** The signed-in account, as the auth middleware found it for this request. */
export type SessionUser = {
  uk: string
  username: string
  role: number
  status: number
  marketId: string | null
  avatar: string | null
  registeredAt: Date
  tokenHash: string
}
