/**
 * Areas' root query keys that another area's writes refresh: a complaint resolved changes its
 * merchant's credit and the Workplace's counts, and the complaints feature must not import those
 * (features never import each other), so both read their roots from here.
 */
export const AREA_KEYS = {
  complaints: ['complaints'],
  merchants: ['merchants'],
  dashboard: ['dashboard'],
} as const
