import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

export type GoToPageLabels = {
  goToPage: string
  go: string
  /** Said when what was typed is not a whole number. */
  invalid: (pages: number) => string
}

type GoToPageProps = {
  pages: number
  onGo: (page: number) => void
  labels: GoToPageLabels
}

/**
 * The page to read given as a number, for a list that knows how many pages it has: a whole number is
 * held to 1..pages (past the end is the last page), anything else is refused with a message tied to
 * the box. A form, so Enter in the box goes too.
 */
export function GoToPage({ pages, onGo, labels }: GoToPageProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [refused, setRefused] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = text.trim()
    if (!/^\d{1,9}$/.test(trimmed)) {
      setRefused(true)
      return
    }
    setRefused(false)
    setText('')
    onGo(Math.min(pages, Math.max(1, Number(trimmed))))
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-center gap-1">
      <label htmlFor={id} className="whitespace-nowrap">
        {labels.goToPage}
      </label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setRefused(false)
        }}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? `${id}-refused` : undefined}
        className="h-8 w-16 tabular-nums"
      />
      <Button type="submit" variant="outline" size="sm" className="h-8">
        {labels.go}
      </Button>
      {refused && (
        <span id={`${id}-refused`} role="alert" className="basis-full text-right text-xs text-danger">
          {labels.invalid(pages)}
        </span>
      )}
    </form>
  )
}
