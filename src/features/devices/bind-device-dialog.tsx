import { useRef, useState } from 'react'
import { Plus } from 'lucide-react'
import { m } from '@/paraglide/messages'
import type { ComboboxOptions } from '@/components/form/combobox-field'
import { lazyComponent, OnFirstUse } from '@/components/on-first-use'
import { Button } from '@/components/ui/button'

/** The searches the bind form offers, supplied by the route (features never import each other). */
export type BindSearches = {
  /** Markets to choose from, for an OFFICIAL looking at all markets. */
  useMarketOptions: (text: string) => ComboboxOptions
  /** Active merchants of `market` matching the text (nothing while no market is chosen). */
  useMerchantOptions: (text: string, market: string | null) => ComboboxOptions
}

export type BindDeviceDialogProps = BindSearches & {
  /** The market in scope (null: all markets, and then an OFFICIAL chooses one). */
  market: string | null
  /** An OFFICIAL names the market (the one in scope, or the one chosen); an operator's is implied. */
  namesMarket: boolean
}

// The dialog, its form (the form kit) and the secret dialog load when the button is first pressed;
// pointing at or focusing the button starts the load.
const loadBindSteps = () => import('./bind-device-steps')
const BindDeviceSteps = lazyComponent(() => loadBindSteps().then((module) => module.BindDeviceSteps))
const preloadBindSteps = () => void loadBindSteps()

/**
 * "Bind device": a dialog with the binding form; once bound, the device's secret is shown once with
 * a copy button (the list refreshes with the new row behind it).
 */
export function BindDeviceDialog(props: BindDeviceDialogProps) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={button}
        onClick={() => setOpen(true)}
        onPointerEnter={preloadBindSteps}
        onFocus={preloadBindSteps}
        data-testid="device-bind"
      >
        <Plus aria-hidden className="size-4" />
        {m.devices_bind()}
      </Button>
      <OnFirstUse used={open}>
        <BindDeviceSteps {...props} open={open} onOpenChange={setOpen} button={button} />
      </OnFirstUse>
    </>
  )
}
