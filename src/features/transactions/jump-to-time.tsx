import { useId, useState, type FormEvent } from 'react'
import { shanghaiMinute } from '@contract/transactions-list'
import { m } from '@/paraglide/messages'
import { Button } from '@/components/ui/button'
import { DayInput } from '@/components/ui/day-input'
import { Input } from '@/components/ui/input'

/** `HH:mm` as typed: a 24-hour minute (`9:05` is taken as 09:05). */
const TIME = /^(\d{1,2}):(\d{2})$/
const normalTime = (text: string) => {
  const match = TIME.exec(text)
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null
}

/**
 * "Jump to a time": a Shanghai day and minute; the list then starts at the newest row at or before it
 * (the oldest at or after it when oldest first). Paged by a cursor, the list has no page numbers to
 * jump to; a time is what a shopper's question gives. The day is the kit's DayInput and the time a
 * 24-hour HH:mm box, both typed the same whatever the browser's language (a native datetime-local
 * box shows mm/dd/yyyy and AM/PM in an English browser, inside the Chinese console). Enter in either
 * box jumps; a day without a time jumps to its start.
 */
export function JumpToTime({ value, onJump }: { value: string | undefined; onJump: (at: string) => void }) {
  const id = useId()
  const [day, setDay] = useState(value?.slice(0, 10) ?? '')
  const [time, setTime] = useState(value?.slice(11, 16) ?? '')
  const [wrong, setWrong] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const minute = time === '' ? '00:00' : normalTime(time)
    const at = minute && `${day} ${minute}`
    if (at && shanghaiMinute(at) !== null) {
      setWrong(false)
      onJump(at)
    } else setWrong(true)
  }
  const invalid = wrong ? { 'aria-invalid': true, 'aria-describedby': `${id}-invalid` } : {}
  return (
    <form
      onSubmit={submit}
      noValidate
      role="group"
      aria-labelledby={`${id}-label`}
      className="flex w-full flex-wrap items-center gap-1 sm:w-auto"
    >
      <span id={`${id}-label`} className="basis-full text-sm whitespace-nowrap text-muted-foreground sm:basis-auto">
        {m.transactions_jump()}
      </span>
      <DayInput
        aria-label={m.transactions_jump_day()}
        value={day}
        onChange={(text) => {
          setDay(text)
          setWrong(false)
        }}
        {...invalid}
        className="flex-1 sm:w-36 sm:flex-none"
      />
      <Input
        aria-label={m.transactions_jump_time()}
        title={m.transactions_jump_time()}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={m.transactions_jump_time_placeholder()}
        maxLength={5}
        value={time}
        onChange={(event) => {
          setTime(event.target.value.trim())
          setWrong(false)
        }}
        {...invalid}
        className="w-20 tabular-nums"
      />
      <Button type="submit" variant="outline" size="sm" className="h-8">
        {m.transactions_jump_go()}
      </Button>
      {wrong && (
        <span id={`${id}-invalid`} role="alert" className="basis-full text-sm text-danger">
          {m.transactions_jump_invalid()}
        </span>
      )}
    </form>
  )
}
