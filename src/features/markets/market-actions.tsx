import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Copy, KeyRound, Lock, MoreHorizontal, Pencil, Unlock } from 'lucide-react'
import type { MarketListItem } from '@contract/markets'
import { m } from '@/paraglide/messages'
import { showToast } from '@/lib/toast'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { useResetMarketPassword, useSetMarketFrozen } from './api'

type Pending = 'reset' | 'freeze' | null

/** Row actions: edit, reset password (shown once, with copy), freeze / unfreeze — each confirmed first. */
export function MarketActions({ market }: { market: MarketListItem }) {
  const [confirming, setConfirming] = useState<Pending>(null)
  const [clearPwd, setClearPwd] = useState<string | null>(null)
  const reset = useResetMarketPassword()
  const setFrozen = useSetMarketFrozen()
  const frozen = market.accountStatus !== 1

  return (
    <div className="flex items-center gap-1">
      <Button asChild variant="link" size="sm" className="px-1">
        <Link to="/market/register" search={{ id: market.id }}>
          <Pencil aria-hidden className="size-3.5" />
          {m.markets_edit()}
        </Link>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={m.markets_more_actions({ name: market.name })}>
            <MoreHorizontal aria-hidden className="size-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setConfirming('reset')}>
            <KeyRound aria-hidden className="size-4" />
            {m.markets_reset_password()}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setConfirming('freeze')} className={frozen ? '' : 'text-danger focus:text-danger'}>
            {frozen ? <Unlock aria-hidden className="size-4" /> : <Lock aria-hidden className="size-4" />}
            {frozen ? m.markets_unfreeze() : m.markets_freeze()}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={confirming === 'reset'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={m.markets_reset_password()}
        description={m.markets_reset_confirm({ name: market.name, username: market.accountUsername })}
        confirmLabel={m.markets_reset_password()}
        cancelLabel={m.common_cancel()}
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(market.id, {
            onSuccess: ({ clearPwd: password }) => {
              setConfirming(null)
              setClearPwd(password)
            },
            onError: () => setConfirming(null),
          })
        }
      />
      <ConfirmDialog
        open={confirming === 'freeze'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={frozen ? m.markets_unfreeze() : m.markets_freeze()}
        description={frozen ? m.markets_unfreeze_confirm({ name: market.name }) : m.markets_freeze_confirm({ name: market.name })}
        confirmLabel={frozen ? m.markets_unfreeze() : m.markets_freeze()}
        cancelLabel={m.common_cancel()}
        danger={!frozen}
        pending={setFrozen.isPending}
        onConfirm={() =>
          setFrozen.mutate(
            { id: market.id, frozen: !frozen },
            {
              onSuccess: () => {
                setConfirming(null)
                void showToast('success', frozen ? m.markets_unfrozen({ name: market.name }) : m.markets_frozen({ name: market.name }))
              },
              onError: () => setConfirming(null),
            },
          )
        }
      />
      <Dialog open={clearPwd !== null} onOpenChange={(open) => !open && setClearPwd(null)}>
        <DialogContent closeLabel={m.common_close()} className="max-w-md">
          <DialogHeader>
            <DialogTitle>{m.markets_new_password_title()}</DialogTitle>
            <DialogDescription>{m.markets_new_password_description({ username: market.accountUsername })}</DialogDescription>
          </DialogHeader>
          <p className="rounded border border-border bg-muted px-3 py-2 text-center font-mono text-lg tracking-wider select-all" data-testid="new-password">
            {clearPwd}
          </p>
          <DialogFooter>
            <Button
              variant="outline"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(clearPwd ?? '')
                  void showToast('success', m.markets_password_copied())
                } catch {
                  void showToast('error', m.settings_copy_failed())
                }
              }}
            >
              <Copy aria-hidden className="size-4" />
              {m.markets_copy_password()}
            </Button>
            <Button onClick={() => setClearPwd(null)}>{m.markets_done()}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}
