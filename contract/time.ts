/** Times are stored in UTC and shown in Asia/Shanghai, which is UTC+8 all year (no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000

const pad = (n: number) => String(n).padStart(2, '0')

/** YYYY-MM-DD HH:mm:ss in Asia/Shanghai (SPEC §9). */
export function formatShanghaiTime(value: Date | string | number): string {
  const date = new Date(new Date(value).getTime() + SHANGHAI_OFFSET_MS)
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  )
}
