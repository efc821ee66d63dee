import { useEffect, useState } from 'react'
import { Loader2 } from 'lucide-react'
import { fetchImageUrl } from '@/lib/upload'

/**
 * A stored image's thumbnail, fetched with the session (an <img src> cannot send it), shown while it
 * is on screen and let go after. Fills its box; "?" when it cannot be read.
 */
export function StoredThumbnail({ id, alt }: { id: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    let objectUrl: string | null = null
    fetchImageUrl(id, 'thumbnail', controller.signal)
      .then((created) => {
        objectUrl = created
        setUrl(created)
      })
      .catch(() => !controller.signal.aborted && setFailed(true))
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [id])
  if (failed) return <span className="flex size-full items-center justify-center text-xs text-muted-foreground">?</span>
  return url ? (
    <img src={url} alt={alt} className="size-full object-cover" />
  ) : (
    <Loader2 aria-hidden className="size-5 animate-spin text-muted-foreground" />
  )
}
