import { describe, expect, it } from 'vitest'
import { csvCell, csvLine, csvStream } from './csv'

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Response.text() would drop the BOM this test looks for.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer())
}

describe('CSV export', () => {
  it('neutralises text a spreadsheet would run as a formula, but keeps numbers', () => {
    for (const formula of ['=1+1', '+86 138', '-2+3', '@SUM(A1)', '\t=x', '\r=x'])
      expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell('新华农贸市场')).toBe('新华农贸市场')
  })

  it('quotes commas, quotes and line breaks; empty for null', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
    expect(csvLine(['a', 1, undefined])).toBe('a,1,\r\n')
  })

  it('streams a BOM, the header, then each batch as it is read', async () => {
    async function* batches() {
      yield [['王', 1]]
      yield [
        ['=cmd', 2],
        ['李', 3],
      ]
    }
    const body = await text(csvStream(['name', 'n'], batches()))
    expect(body).toBe("\uFEFFname,n\r\n王,1\r\n'=cmd,2\r\n李,3\r\n")
  })

  it('reads batches only as the client pulls them', async () => {
    let produced = 0
    async function* batches() {
      for (let i = 0; i < 1000; i++) {
        produced++
        yield [[i]]
      }
    }
    const reader = csvStream(['n'], batches()).getReader()
    await reader.read()
    await reader.read()
    expect(produced).toBeLessThan(5)
    await reader.cancel()
  })
})
