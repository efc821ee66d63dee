import { useId, useRef, useState } from 'react'
import { ImagePlus, Loader2, X } from 'lucide-react'
import { IMAGE_ACCEPT, MAX_UPLOAD_BYTES, isImageType } from '@contract/files'
import { uploadImage } from '@/lib/upload'
import { errorMessage } from '@/lib/request-errors'
import { cn } from '@/lib/cn'
import { StoredThumbnail } from './stored-thumbnail'

export type ImageUploadLabels = {
  add: string
  remove: (index: number) => string
  uploading: string
  tooLarge: string
  wrongType: string
  limit: (max: number) => string
  /** More files chosen than there is room for: the first `kept` were kept. */
  tooMany: (counts: { max: number; kept: number; chosen: number }) => string
}

type ImageUploadProps = {
  id?: string
  value: string[]
  max: number
  onChange: (ids: string[]) => void
  labels: ImageUploadLabels
  invalid?: boolean
  describedBy?: string | undefined
}

/**
 * Pick (several at once, up to `max`), preview, upload (with progress) and remove images. Type and
 * size are checked here for a quick answer; the server checks the content again and is the one that
 * decides.
 */
export function ImageUpload({ id, value, max, onChange, labels, invalid, describedBy }: ImageUploadProps) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const latest = useRef(value)
  latest.current = value

  async function add(files: FileList | null) {
    const chosen = files ? [...files] : []
    if (input.current) input.current.value = ''
    if (chosen.length === 0) return
    // More chosen than there is room for: the first ones are kept, and the user is told.
    const room = Math.max(0, max - latest.current.length)
    const notes: string[] = []
    if (chosen.length > room) notes.push(labels.tooMany({ max, kept: room, chosen: chosen.length }))
    const refusal = (file: File) =>
      // Some systems give no type for a real image: then the server, which reads the content, decides.
      file.type && !isImageType(file.type) ? labels.wrongType : file.size > MAX_UPLOAD_BYTES ? labels.tooLarge : null
    const accepted: File[] = []
    for (const file of chosen.slice(0, room)) {
      const refused = refusal(file)
      if (refused === null) accepted.push(file)
      else if (!notes.includes(refused)) notes.push(refused)
    }
    setError(notes.length > 0 ? notes.join(' ') : null)
    // One at a time, in the order chosen; the bar covers the whole selection.
    for (const [index, file] of accepted.entries()) {
      setProgress(index / accepted.length)
      try {
        const uploaded = await uploadImage(file, (fraction) => setProgress((index + fraction) / accepted.length))
        if (!latest.current.includes(uploaded.id)) {
          latest.current = [...latest.current, uploaded.id].slice(0, max)
          onChange(latest.current)
        }
      } catch (failure) {
        setError([...notes, errorMessage(failure)].join(' '))
        break
      }
    }
    setProgress(null)
  }

  const full = value.length >= max
  return (
    <div>
      <ul className="flex flex-wrap gap-3">
        {value.map((fileId, index) => (
          <li
            key={fileId}
            className="relative flex size-24 items-center justify-center overflow-hidden rounded border border-border bg-muted"
          >
            <StoredThumbnail id={fileId} alt="" />
            <button
              type="button"
              aria-label={labels.remove(index + 1)}
              onClick={() => onChange(value.filter((other) => other !== fileId))}
              className="absolute top-1 right-1 rounded-full bg-black/60 p-0.5 text-white hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
        {!full && (
          <li>
            <label
              htmlFor={inputId}
              className={cn(
                'flex size-24 cursor-pointer flex-col items-center justify-center gap-1 rounded border border-dashed text-xs text-muted-foreground hover:border-primary hover:text-primary',
                'focus-within:ring-2 focus-within:ring-ring',
                invalid ? 'border-danger' : 'border-input',
                progress !== null && 'pointer-events-none',
              )}
            >
              {progress === null ? (
                <>
                  <ImagePlus aria-hidden className="size-5" />
                  {labels.add}
                </>
              ) : (
                <>
                  <Loader2 aria-hidden className="size-5 animate-spin" />
                  <span role="status">
                    {labels.uploading} {Math.round(progress * 100)}%
                  </span>
                  <span aria-hidden className="h-1 w-16 overflow-hidden rounded bg-muted">
                    <span className="block h-full bg-primary" style={{ width: `${Math.round(progress * 100)}%` }} />
                  </span>
                </>
              )}
              <input
                ref={input}
                id={inputId}
                type="file"
                accept={IMAGE_ACCEPT}
                multiple={max - value.length > 1}
                className="sr-only"
                disabled={progress !== null}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(event) => void add(event.target.files)}
              />
            </label>
          </li>
        )}
      </ul>
      <p className="mt-1 text-xs text-muted-foreground">{labels.limit(max)}</p>
      {error && (
        <p role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
