'use client'
import React, { useEffect, useMemo, useRef, useState } from 'react'

import type { Catalog, CatalogSlugs } from './catalog.js'
import type { SignedInCustomer } from './customer-session.js'

import { localDateOf } from '../time/local-time.js'
import { BookingConfirmation } from './BookingConfirmation.js'
import { useBookingLanguage } from './booking-texts-context.js'
import { BookingShell } from './BookingShell.js'
import { DayNavigator } from './DayNavigator.js'
import { GuestForm } from './GuestForm.js'
import { guestProblems } from './guest-details.js'
import { HoldCountdown } from './HoldCountdown.js'
import { LengthChoice } from './LengthChoice.js'
import { PLUGIN_LENGTH_DEFAULTS } from './lengths.js'
import { RefusalNotice } from './RefusalNotice.js'
import { type Repeat, repeatsFor, type RepeatServices } from './repeat.js'
import { RepeatChoice } from './RepeatChoice.js'
import { SeriesConfirmation } from './SeriesConfirmation.js'
import { SeriesRefusalNotice } from './SeriesRefusalNotice.js'
import { ServiceChoice } from './ServiceChoice.js'
import { SlotList } from './SlotList.js'
import { type BookingFlowDefaults, useBookingFlow } from './use-booking-flow.js'
import { useCatalog } from './use-catalog.js'
import { useCustomer } from './use-customer.js'
import { useSeriesBooking } from './use-series-booking.js'
import { useVisitorZone } from './use-visitor-zone.js'
import { useWaitlist } from './use-waitlist.js'
import { WaitlistOffer } from './WaitlistOffer.js'
import { dateLabel, whenLabel } from './zoned-time.js'

export interface BookingFlowProps {
  /** The host's API route, e.g. `/api` or `https://example.com/api`. */
  apiUrl: string
  /** A language code or locale (`de`, `de-DE`); English strings where the kit has none. */
  locale?: string
  /**
   * The plugin's `bookingWindow.maxAdvanceDays`, where the site set it: the last day a guest may
   * pick for a service that sets none of its own (the browser cannot read the plugin's options).
   * Default null: no limit, as the plugin's default.
   */
  maxAdvanceDays?: null | number
  /**
   * The plugin's `maxFlexibleDuration` in minutes, where the site set it: the longest length a
   * flexible service without its own is offered for. Default 1440, the plugin's default.
   */
  maxLength?: number
  /**
   * The services a guest may book as a weekly series from the picked time (`'all'`, a list of
   * ids, or `false`: none, the default).
   */
  repeat?: RepeatServices
  /**
   * The plugin's `slotInterval` in minutes, where the site set it: the step between the lengths of
   * a flexible service without its own. Default 15, the plugin's default.
   */
  slotInterval?: number
  /** The collections' slugs where the plugin's `slugs` option renamed them. */
  slugs?: CatalogSlugs
}

const Steps: React.FC<{ apiUrl: string; catalog: Catalog; customer: null | SignedInCustomer; defaults: BookingFlowDefaults; repeatServices: RepeatServices }> = ({
  apiUrl,
  catalog,
  customer,
  defaults,
  repeatServices,
}) => {
  const { locale, t } = useBookingLanguage()
  const flow = useBookingFlow({ apiUrl, catalog, customer, defaults })
  const visitorZone = useVisitorZone()
  const detailsHeading = useRef<HTMLHeadingElement>(null)
  const { phase, selected } = flow
  const full = phase === 'choose' && flow.service !== null && flow.free.slots?.length === 0
  const waitlist = useWaitlist(
    flow.client,
    full && flow.service !== null ? { date: flow.date, resource: flow.resourceChoice, service: flow.service, timezone: flow.timezone } : null,
    customer,
  )
  const series = useSeriesBooking(flow.client)
  const [repeat, setRepeat] = useState<null | Repeat>(null)
  const [seriesProblems, setSeriesProblems] = useState<typeof flow.problems>({})
  /** A series only for a service the site offers as one. */
  const repeating = repeatsFor(repeatServices, flow.service) ? repeat : null

  // Focus follows the guest: to their details once a time is picked, to the hold once it is placed.
  useEffect(() => {
    if (phase === 'details' || phase === 'held') {
      detailsHeading.current?.focus()
    }
  }, [phase, selected?.start])

  const resourceName = (id: unknown) => catalog.resources.find((resource) => String(resource.id) === String(id))?.name ?? ''
  const serviceName = catalog.services.find((service) => String(service.id) === String(flow.service))?.name ?? ''
  const summaryOf = (resource: unknown) => t('summary', { resource: resourceName(resource), service: serviceName })
  // A flexible service's time is shown from start to end: its length is the guest's choice.
  const whenOf = (start: string, timezone: string, end?: string) =>
    whenLabel(start, localDateOf(Date.parse(start), timezone), timezone, locale, visitorZone, flow.length === null ? undefined : end)

  // A time taken meanwhile is not tried again: the guest picks one of the next free times instead.
  const showForm = phase === 'details' && !flow.refusal?.taken
  const bookSeries = (partial: boolean) => {
    const found = customer ? {} : guestProblems(flow.guest)
    setSeriesProblems(found)
    if (repeating && selected && flow.service !== null && Object.keys(found).length === 0) {
      void series.book(
        {
          ...(flow.length !== null && { endTime: selected.end }),
          guest: customer ? null : flow.guest,
          notes: flow.notes,
          repeat: repeating,
          service: flow.service,
          slot: selected,
        },
        { partial },
      )
    }
  }
  const changeTime = (
    <button
      className="rl-booking__secondary"
      onClick={() => {
        series.reset()
        flow.changeTime()
      }}
      type="button"
    >
      {t('changeTime')}
    </button>
  )

  if (series.booked) {
    const timezone = catalog.resources.find((resource) => String(resource.id) === String(series.booked?.reservations[0]?.resource))?.timezone ?? 'UTC'
    return (
      <SeriesConfirmation
        guestName={customer?.name ?? flow.guest.name.trim()}
        onAnother={() => {
          series.reset()
          flow.startOver()
        }}
        series={series.booked}
        summary={summaryOf(series.booked.reservations[0]?.resource)}
        whenOf={(start) => whenOf(start, timezone)}
      />
    )
  }

  if (phase === 'booked' && flow.booked) {
    const timezone = catalog.resources.find((resource) => String(resource.id) === String(flow.booked?.resource))?.timezone ?? 'UTC'
    return (
      <BookingConfirmation
        booking={flow.booked}
        guestName={customer?.name ?? flow.guest.name.trim()}
        onAnother={flow.startOver}
        summary={summaryOf(flow.booked.resource)}
        when={whenOf(flow.booked.startTime, timezone, flow.booked.endTime)}
      />
    )
  }

  return (
    <>
      <ServiceChoice
        offering={flow.offering}
        onResource={flow.chooseResource}
        onService={flow.chooseService}
        resource={flow.resourceChoice}
        service={flow.service}
        services={catalog.services}
      />
      {flow.service === null ? (
        <p className="rl-booking__note">{t('chooseServiceFirst')}</p>
      ) : (
        phase === 'choose' && (
          <section aria-labelledby="rl-booking-free-times" className="rl-booking__day-times">
            <h2 className="rl-booking__heading" id="rl-booking-free-times">
              {t('freeTimes')}
            </h2>
            {flow.lengths && flow.length !== null && <LengthChoice length={flow.length} lengths={flow.lengths} onLength={flow.chooseLength} />}
            <DayNavigator date={flow.date} last={flow.lastDay} onDate={flow.chooseDate} today={flow.today} />
            <SlotList {...flow.free} onPick={flow.pickSlot} selected={flow.selected} visitorZone={visitorZone} />
            {full && <WaitlistOffer customer={customer} dayLabel={dateLabel(flow.date, locale)} guest={flow.guest} onGuest={flow.setGuest} waitlist={waitlist} />}
          </section>
        )
      )}
      {selected && (phase === 'details' || phase === 'held') && (
        <section aria-labelledby="rl-booking-details" className="rl-booking__details">
          <h2 className="rl-booking__heading" id="rl-booking-details" ref={detailsHeading} tabIndex={-1}>
            {showForm ? t('details') : summaryOf(flow.hold?.resource ?? selected.resource)}
          </h2>
          <p className="rl-booking__when">{whenOf(flow.hold?.startTime ?? selected.start, selected.timezone, flow.hold?.endTime ?? selected.end)}</p>
          {showForm && !flow.refusal && <p className="rl-booking__summary">{summaryOf(selected.resource)}</p>}
          {flow.refusal && <RefusalNotice onPick={flow.pickAlternative} refusal={flow.refusal} visitorZone={visitorZone} />}
          {repeating && series.refusal && (
            <SeriesRefusalNotice busy={series.busy} onBookFree={() => bookSeries(true)} refusal={series.refusal} total={repeating.count} />
          )}
          {showForm && repeatsFor(repeatServices, flow.service) && <RepeatChoice onRepeat={(next) => (series.reset(), setRepeat(next))} repeat={repeating} />}
          {phase === 'held' && flow.hold ? (
            <>
              <p className="rl-booking__guest">
                {(customer ? [customer.name, customer.email] : [flow.guest.name, flow.guest.email, flow.guest.phone])
                  .map((value) => value.trim())
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <HoldCountdown expiresAt={flow.hold.expiresAt} onHoldAgain={() => void flow.holdTime()} />
              <div className="rl-booking__actions">
                <button className="rl-booking__primary" disabled={flow.busy !== null} onClick={() => void flow.book()} type="button">
                  {flow.busy === 'booking' ? t('booking') : t('bookNow')}
                </button>
                {changeTime}
              </div>
            </>
          ) : (
            showForm && (
              <GuestForm
                busy={flow.busy !== null || series.busy}
                customer={customer}
                details={flow.guest}
                notes={{ onChange: flow.setNotes, value: flow.notes }}
                onChange={flow.setGuest}
                onSubmit={() => (repeating ? bookSeries(false) : void flow.holdTime())}
                problems={repeating ? seriesProblems : flow.problems}
                submit={
                  repeating
                    ? series.busy
                      ? t('booking')
                      : t('bookSeries', { count: repeating.count })
                    : flow.busy === 'holding'
                      ? t('holding')
                      : t('holdTime')
                }
              />
            )
          )}
          {phase === 'details' && changeTime}
        </section>
      )}
    </>
  )
}

/**
 * A whole booking page's flow, composed from the kit's hooks and components: service and
 * resource, a flexible service's length, a day (up to the last one open for booking) and its free
 * times (or the waitlist when the day is full), the guest's details (or, for a signed-in customer,
 * who is booking), the hold with its countdown (or, for a weekly series, the series booked at
 * once), the booking and its confirmation. Style it through the `--rl-booking-…` variables of
 * `payload-reserve-ledger/booking.css`.
 */
export const BookingFlow: React.FC<BookingFlowProps> = ({
  apiUrl,
  locale = 'en',
  maxAdvanceDays = null,
  maxLength = PLUGIN_LENGTH_DEFAULTS.maxLength,
  repeat = false,
  slotInterval = PLUGIN_LENGTH_DEFAULTS.slotInterval,
  slugs,
}) => {
  const { catalog, error } = useCatalog(apiUrl, slugs)
  const { checked, customer } = useCustomer(apiUrl, slugs?.customers)
  const defaults = useMemo(() => ({ lengths: { maxLength, slotInterval }, maxAdvanceDays }), [maxAdvanceDays, maxLength, slotInterval])
  return (
    <BookingShell locale={locale}>
      {catalog && checked ? (
        <Steps apiUrl={apiUrl} catalog={catalog} customer={customer} defaults={defaults} repeatServices={repeat} />
      ) : (
        <Loading error={error} />
      )}
    </BookingShell>
  )
}

const Loading: React.FC<{ error: null | string }> = ({ error }) => {
  const { t } = useBookingLanguage()
  return error ? (
    <p className="rl-booking__note rl-booking__note--error" role="alert">
      {t('loadFailed', { message: error })}
    </p>
  ) : (
    <p aria-busy="true" className="rl-booking__note">
      {t('loading')}
    </p>
  )
}
