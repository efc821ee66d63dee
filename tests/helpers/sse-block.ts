/** One Server-Sent Events block (the lines between blank lines), read as EventSource reads it. */
export type SseBlock = { event: string; id: string | undefined; data: string[]; retry: number | undefined }

export function parseSseBlock(block: string): SseBlock {
  const parsed: SseBlock = { event: 'message', id: undefined, data: [], retry: undefined }
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') parsed.event = value
    else if (field === 'id') parsed.id = value
    else if (field === 'data') parsed.data.push(value)
    else if (field === 'retry') parsed.retry = Number(value)
  }
  return parsed
}
