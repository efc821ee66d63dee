import { useId, useState, type FormEvent } from 'react'
import { shanghaiMinute } from '@contract/transactions-list'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

/**
 * "Jump to a time": a Shanghai day and minute; the list then starts at the newest row at or before it
 * (the oldest at or after it when oldest first). Paged by a cursor, the list has no page numbers to
 * jump to; a time is what a shopper's question gives.
 */
export function JumpToTime({ value, onJump }: { value: string | undefined; onJump: (at: string) => void }) {
  const id = useId()
  const [text, setText] = useState(value?.replace(' ', 'T') ?? '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (shanghaiMinute(text) !== null) onJump(text.replace('T', ' '))
  }
  return (
    <form onSubmit={submit} noValidate className="flex items-center gap-1">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground">
        {m.transactions_jump()}
      </label>
      <Input
        id={id}
        type="datetime-local"
        step={60}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="w-48"
      />
      <Button type="submit" variant="outline" size="sm" className="h-8">
        {m.transactions_jump_go()}
      </Button>
    </form>
  )
}
