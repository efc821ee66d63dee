import { m } from '@/paraglide/messages'
import { StoredThumbnail } from '@/components/stored-thumbnail'

/** A photo a record's form holds, named by what it shows (a business licence, the market's gate). */
export type DetailPhoto = { id: string; label: string }

/** A record's photos, read-only, each captioned; says so when there are none. */
export function DetailPhotos({ photos }: { photos: readonly DetailPhoto[] }) {
  if (photos.length === 0) return <p className="text-sm text-muted-foreground">{m.detail_no_photos()}</p>
  return (
    <ul className="flex flex-wrap gap-4">
      {photos.map((photo) => (
        <li key={photo.id}>
          <figure className="w-28 space-y-1">
            <div className="flex size-28 items-center justify-center overflow-hidden rounded border border-border bg-muted">
              <StoredThumbnail id={photo.id} alt={photo.label} />
            </div>
            <figcaption className="text-xs break-words text-muted-foreground">{photo.label}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  )
}
