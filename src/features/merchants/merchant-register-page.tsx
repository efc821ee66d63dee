import { useState } from 'react'
import { Role } from '@contract/roles'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { useMarketScope, useMarketScopeLabel } from '@/lib/market-scope'
import type { ComboboxOptions } from '@/components/form/combobox-field'
import { SecretDialog } from '@/components/secret-dialog'
import { MerchantForm } from './merchant-form'
import { merchantFormValues } from './merchant-form-values'

type MerchantRegisterPageProps = {
  role: number
  /** The markets an OFFICIAL chooses from. */
  useMarketOptions: (text: string) => ComboboxOptions
  draftKey: string
  onDone: () => void
}

type Registered = { name: string; accountUsername: string; clearPwd: string }

/**
 * MerchantRegister: an OFFICIAL chooses the market (the one in scope to begin with); an operator's
 * is its own. After saving, the new account's initial password is shown once, then the list opens.
 */
export function MerchantRegisterPage({ role, useMarketOptions, draftKey, onDone }: MerchantRegisterPageProps) {
  useLocale()
  const scope = useMarketScope()
  const scopeLabel = useMarketScopeLabel()
  const [registered, setRegistered] = useState<Registered | null>(null)
  const choosesMarket = role === Role.OFFICIAL

  return (
    <section className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-xl font-semibold">{m.menu_merchant_register()}</h1>
      <MerchantForm
        merchant={null}
        initialValues={merchantFormValues(null, choosesMarket ? scope : null)}
        choosesMarket={choosesMarket}
        useMarketOptions={useMarketOptions}
        marketName={scope ? scopeLabel : ''}
        draftKey={draftKey}
        onRegistered={setRegistered}
        onCancel={onDone}
      />
      <SecretDialog
        secret={registered?.clearPwd ?? null}
        onClose={() => {
          setRegistered(null)
          onDone()
        }}
        title={m.merchants_registered_title()}
        description={m.merchants_registered_description({
          name: registered?.name ?? '',
          username: registered?.accountUsername ?? '',
        })}
        testId="merchant-initial-password"
      />
    </section>
  )
}
