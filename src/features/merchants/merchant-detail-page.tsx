import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Pencil } from 'lucide-react'
import { CREDIT_REASON_WORDS, DEVICE_KIND_WORDS, DEVICE_STATUS_WORDS } from '@contract/words'
import type { MerchantDetail, MerchantListItem } from '@contract/merchants'
import { m } from '@/paraglide/messages'
import { useLocale } from '@/lib/locale'
import { storeLargeParams } from '@/lib/large-params-store'
import { wordFor } from '@/lib/words'
import { DetailPhotos, type DetailPhoto } from '@/components/detail-view/detail-photos'
import { DetailState } from '@/components/detail-view/detail-state'
import { DetailView, type DetailSection } from '@/components/detail-view/detail-view'
import { Badge } from '@/components/ui/badge'
import { CreditStars } from '@/components/credit-stars'
import { HolderLicencesList } from '@/components/holder-licences'
import { Button } from '@/components/ui/button'
import { categoryLabel, educationLabel, genderLabel, politicalLabel, statusLabel } from './labels'
import { merchantLicencesQuery, merchantPageQuery } from './queries'

/** A merchant's page: who it is, where it stands, its masked numbers, its devices and photos. */
export function MerchantDetailPage({ id }: { id: string }) {
  // The router keeps route components: subscribing redraws the page's words after a language switch.
  useLocale()
  const read = useQuery(merchantPageQuery(id))
  return (
    <DetailState
      read={read}
      notFoundText={m.error_merchant_not_found()}
      back={
        <Button asChild variant="outline">
          <Link to="/merchant">{m.detail_back_to({ list: m.menu_merchant_manage() })}</Link>
        </Button>
      }
    >
      {(merchant) => <MerchantDetailView merchant={merchant} />}
    </DetailState>
  )
}

const link = 'text-primary hover:underline'

function MerchantDetailView({ merchant }: { merchant: MerchantDetail }): ReactNode {
  const navigate = useNavigate()
  const licences = useQuery(merchantLicencesQuery(merchant.id))
  const sections: DetailSection[] = [
    {
      id: 'merchant',
      title: m.merchants_section_identity(),
      rows: [
        { label: m.merchants_field_stall(), value: merchant.stallNo },
        { label: m.merchants_field_category(), value: categoryLabel(merchant.category) },
        { label: m.merchants_col_status(), value: <StatusBadge status={merchant.status} /> },
        {
          label: m.merchants_field_market(),
          value: (
            <Link to="/market/$marketId" params={{ marketId: merchant.marketId }} className={link}>
              {merchant.marketName}
            </Link>
          ),
        },
        { label: m.merchants_col_accountUsername(), value: merchant.accountUsername },
        { label: m.merchants_col_createdTime(), value: merchant.createdTime },
        { label: m.merchants_field_notes(), value: merchant.notes, wide: true },
      ],
    },
    {
      id: 'person',
      title: m.merchants_section_person(),
      rows: [
        { label: m.merchants_field_phone(), value: merchant.phone },
        { label: m.merchants_field_id_card(), value: merchant.idCardNo },
        { label: m.merchants_field_credit_code(), value: merchant.creditCode },
        { label: m.merchants_field_age(), value: merchant.age },
        { label: m.merchants_field_gender(), value: genderLabel(merchant.gender) },
        { label: m.merchants_field_political(), value: politicalLabel(merchant.political) },
        { label: m.merchants_field_education(), value: educationLabel(merchant.education) },
        { label: m.merchants_field_address(), value: merchant.address, wide: true },
      ],
    },
    {
      id: 'bank',
      title: m.merchants_section_bank(),
      rows: [
        { label: m.merchants_field_bank_merchant_no(), value: merchant.bankMerchantNo },
        { label: m.merchants_field_other_bank_no(), value: merchant.otherBankNo },
        { label: m.merchants_field_payment_sub_merchant_no(), value: merchant.paymentSubMerchantNo },
      ],
    },
    { id: 'licences', title: m.licences_section(), content: <HolderLicencesList held={licences.data} /> },
    {
      id: 'credit',
      title: m.credit_section(),
      content: <MerchantCredit stars={merchant.creditStars} credit={merchant.credit} />,
    },
    { id: 'devices', title: m.merchants_section_devices(), content: <MerchantDevices devices={merchant.devices} /> },
    { id: 'photos', title: m.merchants_section_photos(), content: <DetailPhotos photos={merchantPhotos(merchant)} /> },
  ]
  return (
    <DetailView
      testId="merchant-detail"
      title={merchant.name}
      status={<StatusBadge status={merchant.status} />}
      subtitle={`${merchant.stallNo} · ${categoryLabel(merchant.category)}`}
      actions={
        <Button
          variant="outline"
          size="sm"
          // As the list's Edit does: the row goes into the large-parameter store, its key into the URL.
          onClick={() =>
            void navigate({
              to: '/merchant/edit',
              search: { key: storeLargeParams(listRow(merchant)), market: merchant.marketId },
            })
          }
        >
          <Pencil aria-hidden className="size-3.5" />
          {m.merchants_edit()}
        </Button>
      }
      sections={sections}
    />
  )
}

function StatusBadge({ status }: { status: MerchantDetail['status'] }) {
  return <Badge variant={status === 'active' ? 'success' : 'muted'}>{statusLabel(status)}</Badge>
}

/** The devices bound to the merchant now, each opening its own page. */
function MerchantDevices({ devices }: { devices: MerchantDetail['devices'] }) {
  if (devices.length === 0) return <p className="text-sm text-muted-foreground">{m.merchants_no_devices()}</p>
  return (
    <ul className="divide-y divide-border" data-testid="merchant-devices">
      {devices.map((device) => (
        <li key={device.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          <Link to="/device/$deviceId" params={{ deviceId: device.id }} className={`font-mono ${link}`}>
            {device.code}
          </Link>
          <span>{wordFor(DEVICE_KIND_WORDS, device.kind)}</span>
          <Badge variant={device.online ? 'success' : 'muted'} dot={device.online}>
            {wordFor(DEVICE_STATUS_WORDS, device.online ? 'online' : 'offline')}
          </Badge>
          <span className="text-muted-foreground tabular-nums">
            {m.devices_col_last_seen()}: {device.lastSeenTime ?? m.devices_never_seen()}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Its stars and why: each kind of record counted against it, with its points, and the rule. */
function MerchantCredit({ stars, credit }: { stars: number; credit: MerchantDetail['credit'] }) {
  return (
    <div className="space-y-2 text-sm" data-testid="merchant-credit">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <CreditStars stars={stars} className="[&_svg]:size-5" />
        <span>{credit.points > 0 ? m.credit_points({ points: credit.points }) : m.credit_none()}</span>
      </p>
      {credit.reasons.length > 0 && (
        <ul className="divide-y divide-border" data-testid="credit-reasons">
          {credit.reasons.map((reason) => (
            <li key={reason.reason} className="flex flex-wrap justify-between gap-x-3 py-1.5">
              <span>{wordFor(CREDIT_REASON_WORDS, reason.reason)}</span>
              <span className="text-muted-foreground tabular-nums">
                {m.credit_reason_line({
                  count: reason.count,
                  weight: reason.count > 0 ? reason.points / reason.count : 0,
                  points: reason.points,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        {m.credit_rule()}
        {credit.computedTime && ` ${m.credit_computed({ time: credit.computedTime })}`}
      </p>
    </div>
  )
}

/** What the edit page's guard reads: the list's row of this merchant (nothing masked is in it). */
const listRow = (merchant: MerchantDetail): MerchantListItem => ({
  id: merchant.id,
  marketId: merchant.marketId,
  marketName: merchant.marketName,
  accountUsername: merchant.accountUsername,
  stallNo: merchant.stallNo,
  licenceState: merchant.licenceState,
  creditStars: merchant.creditStars,
  name: merchant.name,
  phone: merchant.phone,
  category: merchant.category,
  creditCode: merchant.creditCode,
  status: merchant.status,
  createdTime: merchant.createdTime,
})

function merchantPhotos(merchant: MerchantDetail): DetailPhoto[] {
  return [
    ...(merchant.healthCertificateFileId
      ? [{ id: merchant.healthCertificateFileId, label: m.merchants_field_health_certificate() }]
      : []),
    ...(merchant.foodLicenceFileId
      ? [{ id: merchant.foodLicenceFileId, label: m.merchants_field_food_licence() }]
      : []),
  ]
}
