import { useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ComplaintDetail } from '@contract/complaints'
import {
  COMPLAINT_CATEGORY_WORDS,
  COMPLAINT_CHANNEL_WORDS,
  COMPLAINT_OUTCOME_WORDS,
  COMPLAINT_REMEDY_WORDS,
} from '@contract/words'
import { m } from '@/paraglide/messages'
import { useLocale, type Locale } from '@/lib/locale'
import { showToast } from '@/lib/toast'
import { wordFor } from '@/lib/words'
import { lazyComponent, OnFirstUse } from '@/components/on-first-use'
import { DetailPhotos } from '@/components/detail-view/detail-photos'
import { DetailState } from '@/components/detail-view/detail-state'
import { DetailView, type DetailSection } from '@/components/detail-view/detail-view'
import { Button } from '@/components/ui/button'
import { ComplaintHistory } from './complaint-history'
import { ComplaintStateBadge, OverdueBadge } from './complaint-badges'
import type { ComplaintStep, ResolveValues } from './complaint-step-dialog'
import { useResolveComplaint, useTakeUpComplaint, useWithdrawComplaint } from './mutations'
import { complaintPageQuery } from './queries'

/** A complaint's page: what it is about, who complained (whole), its photos, its outcome and its history. */
export function ComplaintDetailPage({ id }: { id: string }) {
  // The router keeps route components: subscribing redraws the page's words after a language switch.
  const locale = useLocale()
  const read = useQuery(complaintPageQuery(id))
  return (
    <DetailState
      read={read}
      notFoundText={m.error_complaint_not_found()}
      back={
        <Button asChild variant="outline">
          <Link to="/complaint">{m.detail_back_to({ list: m.menu_complaint_manage() })}</Link>
        </Button>
      }
    >
      {(complaint) => <ComplaintDetailView complaint={complaint} locale={locale} refetch={() => void read.refetch()} />}
    </DetailState>
  )
}

const link = 'text-primary hover:underline'

/** The steps' dialogs (and the form kit they use) load the first time one opens. */
const ComplaintStepDialog = lazyComponent(() =>
  import('./complaint-step-dialog').then((module) => module.ComplaintStepDialog),
)

/** The steps each state may take, in the order their buttons show. */
const NEXT_STEPS = {
  received: ['take_up', 'withdraw'],
  handling: ['resolve', 'withdraw'],
  resolved: [],
  withdrawn: [],
} as const satisfies Record<ComplaintDetail['state'], readonly ComplaintStep[]>

type ComplaintDetailViewProps = { complaint: ComplaintDetail; locale: Locale; refetch: () => void }

function ComplaintDetailView({ complaint, locale, refetch }: ComplaintDetailViewProps): ReactNode {
  const { no } = complaint
  const closed = complaint.state === 'resolved' || complaint.state === 'withdrawn'
  const sections: DetailSection[] = [
    {
      id: 'complaint',
      title: m.complaints_section_complaint(),
      rows: [
        { label: m.complaints_col_receivedTime(), value: complaint.receivedTime },
        {
          label: m.complaints_col_dueTime(),
          value: (
            <span className={complaint.overdue ? 'font-semibold text-danger' : undefined}>{complaint.dueTime}</span>
          ),
        },
        { label: m.complaints_col_marketName(), value: complaint.marketName },
        { label: m.complaints_field_channel(), value: wordFor(COMPLAINT_CHANNEL_WORDS, complaint.channel) },
        { label: m.complaints_field_category(), value: wordFor(COMPLAINT_CATEGORY_WORDS, complaint.category) },
        {
          label: m.complaints_field_merchant(),
          value: complaint.merchant && (
            <Link to="/merchant/$merchantId" params={{ merchantId: complaint.merchant.id }} className={link}>
              {complaint.merchant.name}
            </Link>
          ),
        },
        { label: m.complaints_field_stall(), value: complaint.stallNo },
        { label: m.complaints_col_closedTime(), value: complaint.closedTime },
        { label: m.complaints_field_description(), value: complaint.description, wide: true },
      ],
    },
    {
      id: 'complainant',
      title: m.complaints_section_complainant(),
      rows: [
        { label: m.complaints_field_complainant_name(), value: complaint.complainantName },
        {
          label: m.complaints_field_complainant_contact(),
          value: complaint.complainantContact && (
            <a href={`tel:${complaint.complainantContact}`} className={`${link} tabular-nums`}>
              {complaint.complainantContact}
            </a>
          ),
        },
      ],
      content: <p className="text-xs text-muted-foreground">{m.complaints_complainant_private()}</p>,
    },
    {
      id: 'photos',
      title: m.complaints_field_photos(),
      content: (
        <DetailPhotos
          photos={complaint.photoFileIds.map((photo, index) => ({
            id: photo,
            label: `${m.complaints_field_photos()} ${index + 1}`,
          }))}
        />
      ),
    },
  ]
  if (complaint.state !== 'withdrawn')
    sections.push({
      id: 'outcome',
      title: m.complaints_section_outcome(),
      ...(complaint.outcome
        ? {
            rows: [
              { label: m.complaints_field_outcome(), value: wordFor(COMPLAINT_OUTCOME_WORDS, complaint.outcome) },
              {
                label: m.complaints_field_remedies(),
                value:
                  complaint.remedies.length === 0
                    ? m.complaints_no_remedies()
                    : new Intl.ListFormat(locale).format(
                        complaint.remedies.map((remedy) => wordFor(COMPLAINT_REMEDY_WORDS, remedy)),
                      ),
              },
            ],
          }
        : { content: <p className="text-sm text-muted-foreground">{m.complaints_not_resolved()}</p> }),
    })
  sections.push({
    id: 'history',
    title: m.complaints_section_history(),
    content: <ComplaintHistory steps={complaint.steps} />,
  })
  return (
    <DetailView
      testId="complaint-detail"
      title={m.complaints_title({ no })}
      status={
        <>
          <ComplaintStateBadge state={complaint.state} />
          {complaint.overdue && <OverdueBadge />}
        </>
      }
      subtitle={
        closed
          ? undefined
          : complaint.overdue
            ? m.complaints_overdue_since({ time: complaint.dueTime.slice(0, 16) })
            : m.complaints_due_by({ time: complaint.dueTime.slice(0, 16) })
      }
      actions={<ComplaintActions complaint={complaint} refetch={refetch} />}
      sections={sections}
    />
  )
}

/** The next steps the complaint's state allows, each opening its dialog. */
function ComplaintActions({ complaint, refetch }: { complaint: ComplaintDetail; refetch: () => void }) {
  const [open, setOpen] = useState<ComplaintStep | null>(null)
  const buttons = useRef<Partial<Record<ComplaintStep, HTMLButtonElement | null>>>({})
  const opener = useRef<HTMLButtonElement | null>(null)
  const takeUp = useTakeUpComplaint()
  const resolve = useResolveComplaint()
  const withdraw = useWithdrawComplaint()
  const { id, no } = complaint
  const steps = NEXT_STEPS[complaint.state]
  if (steps.length === 0 && open === null) return null

  const takeStep = async (step: ComplaintStep, input: { note: string } | ResolveValues) => {
    if (step === 'resolve' && 'outcome' in input) {
      await resolve.mutateAsync({ id, input })
      void showToast('success', m.complaints_resolved({ no }))
    } else if (step === 'take_up') {
      await takeUp.mutateAsync({ id, note: input.note })
      void showToast('success', m.complaints_taken_up({ no }))
    } else {
      await withdraw.mutateAsync({ id, note: input.note })
      void showToast('success', m.complaints_withdrawn({ no }))
    }
  }
  const labels = { take_up: m.complaints_take_up(), resolve: m.complaints_resolve(), withdraw: m.complaints_withdraw() }

  return (
    <>
      {steps.map((step) => (
        <Button
          key={step}
          ref={(element) => {
            buttons.current[step] = element
          }}
          variant={step === 'withdraw' ? 'outline' : 'default'}
          onClick={() => {
            opener.current = buttons.current[step] ?? null
            setOpen(step)
          }}
          data-testid={`complaint-${step}`}
        >
          {labels[step]}
        </Button>
      ))}
      <OnFirstUse used={open !== null}>
        {open && (
          <ComplaintStepDialog
            step={open}
            no={no}
            onClose={() => setOpen(null)}
            takeStep={(input) => takeStep(open, input)}
            onMovedOn={refetch}
            button={opener}
          />
        )}
      </OnFirstUse>
    </>
  )
}
