import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * Whether the page is being printed. A table that draws only the rows in view draws them all for
 * print: `beforeprint` comes before the print layout, and the rows are committed inside it
 * (flushSync), so the printout holds the whole page rather than blank space.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false)
  useEffect(() => {
    const start = () => flushSync(() => setPrinting(true))
    const end = () => setPrinting(false)
    window.addEventListener('beforeprint', start)
    window.addEventListener('afterprint', end)
    return () => {
      window.removeEventListener('beforeprint', start)
      window.removeEventListener('afterprint', end)
    }
  }, [])
  return printing
}
