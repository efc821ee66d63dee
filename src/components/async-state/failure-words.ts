import { Clock, ServerCrash, ServerOff, TriangleAlert, WifiOff, type LucideIcon } from 'lucide-react'
import { m } from '@/paraglide/messages'
import { ApiRequestError } from '@/lib/api-client'
import { errorMessage } from '@/lib/request-errors'
import { failureKind, type FailureKind } from './failure-kind'

type FailureWords = { kind: FailureKind; icon: LucideIcon; title: string; description: string }

/** What to tell the user about a failed request: a title and advice for its kind. */
export function failureWords(error: unknown): FailureWords {
  const kind = failureKind(error)
  switch (kind) {
    case 'offline':
      return { kind, icon: WifiOff, title: m.state_offline_title(), description: m.state_offline_description() }
    case 'unreachable':
      return {
        kind,
        icon: ServerOff,
        title: m.state_unreachable_title(),
        description: m.state_unreachable_description(),
      }
    case 'timeout':
      return { kind, icon: Clock, title: m.state_timeout_title(), description: m.state_timeout_description() }
    case 'server':
      return { kind, icon: ServerCrash, title: m.state_server_title(), description: m.state_server_description() }
    case 'other': {
      // The server's own words say what it refused (not found, forbidden…); anything else is the page's own fault.
      const description = error instanceof ApiRequestError ? errorMessage(error) : m.state_unexpected_description()
      return { kind, icon: TriangleAlert, title: m.state_other_title(), description }
    }
  }
}
