import type { ReactElement } from 'react'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'

/** The live pill's hint as a tooltip, loaded on first use (live-indicator.tsx draws the pill till then). */
export function LiveHint({ trigger, hint }: { trigger: ReactElement; hint: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{trigger}</TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  )
}
