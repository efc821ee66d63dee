/**
 * Reads a CSV export as a spreadsheet would (RFC 4180): quoted cells may hold commas, doubled quotes
 * and line breaks, so rows cannot be found by splitting on newlines.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  if (quoted) throw new Error('CSV ends inside a quoted cell')
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}
