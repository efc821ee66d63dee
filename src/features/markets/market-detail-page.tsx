import { Suspense, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import type { MarketDetail } from '@contract/markets'
import { UserStatus } from '@contract/roles'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { DetailPhotos, type DetailPhoto } from '@/components/detail-view/detail-photos'
import { DetailState } from '@/components/detail-view/detail-state'
import { DetailView, type DetailSection } from '@/components/detail-view/detail-view'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { BANK_LABELS, statusLabel } from './labels'
import { HolderLicencesList } from '@/components/holder-licences'
import { lazyComponent } from '@/components/on-first-use'
import { Skeleton } from '@/components/ui/skeleton'
import { marketCreditWeightsQuery, marketLicencesQuery, marketPageQuery, marketRulesQuery } from './queries'

/** The rules' form (a form's kit) loads with the page's data, not its first paint: the section is low on it. */
const MarketRulesForm = lazyComponent(() => import('./market-rules').then((module) => module.MarketRulesForm))
const MarketCreditWeightsForm = lazyComponent(() =>
  import('./market-credit-weights').then((module) => module.MarketCreditWeightsForm),
)

type MarketDetailPageProps = {
  id: string
  /** OFFICIAL edits markets; an operator reads its own. */
  mayEdit: boolean
}

/** A market's page: what its form holds, its account's state, and the way to its merchants and devices. */
export function MarketDetailPage({ id, mayEdit }: MarketDetailPageProps) {
  // The router keeps route components: subscribing redraws the page's words after a language switch.
  useLocale()
  const read = useQuery(marketPageQuery(id))
  return (
    <DetailState
      read={read}
      notFoundText={m.error_market_not_found()}
      back={
        <Button asChild variant="outline">
          <Link to={mayEdit ? '/market' : '/dashboard/workplace'}>
            {mayEdit ? m.detail_back_to({ list: m.menu_market_manage() }) : m.not_found_home()}
          </Link>
        </Button>
      }
    >
      {(market) => <MarketDetailView market={market} mayEdit={mayEdit} />}
    </DetailState>
  )
}

function MarketDetailView({ market, mayEdit }: { market: MarketDetail; mayEdit: boolean }): ReactNode {
  const frozen = market.accountStatus !== UserStatus.NORMAL
  const scoped = { market: market.id }
  const licences = useQuery(marketLicencesQuery(market.id))
  const rules = useQuery(marketRulesQuery(market.id))
  const credit = useQuery(marketCreditWeightsQuery(market.id))
  const sections: DetailSection[] = [
    {
      id: 'market',
      title: m.markets_section_market(),
      rows: [
        { label: m.markets_field_credit_code(), value: market.creditCode },
        { label: m.markets_field_registered_on(), value: market.registeredOn },
        { label: m.markets_field_address(), value: market.address, wide: true },
        { label: m.markets_field_stalls(), value: market.stallCount },
        { label: m.markets_field_complaint_phone(), value: market.complaintPhone },
        { label: m.markets_field_notes(), value: market.notes, wide: true },
      ],
    },
    {
      id: 'account',
      title: m.markets_section_account(),
      rows: [
        { label: m.markets_field_username(), value: market.accountUsername },
        { label: m.markets_field_status(), value: <AccountBadge frozen={frozen} status={market.accountStatus} /> },
        { label: m.markets_field_bank(), value: BANK_LABELS[market.paymentBank]() },
      ],
    },
    {
      id: 'people',
      title: m.markets_section_people(),
      rows: [
        { label: m.markets_field_legal_name(), value: market.legalPersonName },
        { label: m.markets_field_legal_phone(), value: market.legalPersonPhone },
        { label: m.markets_field_manager_name(), value: market.managerName },
        { label: m.markets_field_manager_phone(), value: market.managerPhone },
      ],
    },
    {
      id: 'trade',
      title: m.markets_section_trade(),
      rows: [
        {
          label: m.markets_merchants(),
          value: (
            <Link
              to="/merchant"
              search={scoped}
              className="text-primary hover:underline"
              data-testid="market-merchants"
            >
              {m.detail_count_link({ count: market.merchantCount })}
            </Link>
          ),
        },
        {
          label: m.markets_devices(),
          value: (
            <Link to="/device" search={scoped} className="text-primary hover:underline" data-testid="market-devices">
              {m.detail_count_link({ count: market.deviceCount })}
            </Link>
          ),
        },
      ],
    },
    { id: 'licences', title: m.licences_section(), content: <HolderLicencesList held={licences.data} /> },
    {
      id: 'rules',
      title: m.licences_rules_section(),
      content: rules.data ? (
        <LazyForm>
          <MarketRulesForm
            key={`${rules.data.licenceGraceDays}-${rules.data.complaintDeadlineDays}`}
            marketId={market.id}
            rules={{
              licenceGraceDays: rules.data.licenceGraceDays,
              complaintDeadlineDays: rules.data.complaintDeadlineDays,
            }}
            graceFrom={rules.data.licenceGraceFrom}
          />
        </LazyForm>
      ) : null,
    },
    {
      id: 'credit',
      title: m.credit_weights_section(),
      content: credit.data ? (
        <LazyForm>
          <MarketCreditWeightsForm
            // Saved weights (from this page or another tab) start the form afresh.
            key={JSON.stringify(credit.data.weights)}
            marketId={market.id}
            weights={credit.data.weights}
            defaults={credit.data.defaults}
          />
        </LazyForm>
      ) : null,
    },
    { id: 'photos', title: m.markets_section_photos(), content: <DetailPhotos photos={marketPhotos(market)} /> },
  ]
  return (
    <DetailView
      testId="market-detail"
      title={market.name}
      status={<AccountBadge frozen={frozen} status={market.accountStatus} />}
      subtitle={market.accountUsername}
      actions={
        mayEdit && (
          <Button asChild variant="outline" size="sm">
            <Link to="/market/register" search={{ id: market.id }}>
              <Pencil aria-hidden className="size-3.5" />
              {m.markets_edit()}
            </Link>
          </Button>
        )
      }
      sections={sections}
    />
  )
}

/** A section's form, loaded with the page's data rather than its first paint: a skeleton while its code arrives. */
function LazyForm({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-24" />}>{children}</Suspense>
}

function AccountBadge({ frozen, status }: { frozen: boolean; status: number }) {
  return <Badge variant={frozen ? 'danger' : 'success'}>{statusLabel(status)}</Badge>
}

/** The photos the form holds, each named by what it is. */
function marketPhotos(market: MarketDetail): DetailPhoto[] {
  return [
    ...(market.businessLicenceFileId
      ? [{ id: market.businessLicenceFileId, label: m.markets_field_business_licence() }]
      : []),
    ...(market.operatingLicenceFileId
      ? [{ id: market.operatingLicenceFileId, label: m.markets_field_operating_licence() }]
      : []),
    ...market.marketPhotoFileIds.map((id, index) => ({ id, label: m.markets_photo_n({ n: index + 1 }) })),
  ]
}
