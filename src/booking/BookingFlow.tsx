'use client'
import React, { useEffect, useRef } from 'react'

import type { Catalog, CatalogSlugs } from './catalog.js'

import { localDateOf } from '../time/local-time.js'
import { BookingConfirmation } from './BookingConfirmation.js'
import { BookingLanguageProvider, useBookingLanguage } from './booking-texts-context.js'
import { DayNavigator } from './DayNavigator.js'
import { GuestForm } from './GuestForm.js'
import { HoldCountdown } from './HoldCountdown.js'
import { RefusalNotice } from './RefusalNotice.js'
import { ServiceChoice } from './ServiceChoice.js'
import { SlotList } from './SlotList.js'
import { useBookingFlow } from './use-booking-flow.js'
import { useCatalog } from './use-catalog.js'
import { useVisitorZone } from './use-visitor-zone.js'
import { useWaitlist } from './use-waitlist.js'
import { WaitlistOffer } from './WaitlistOffer.js'
import { dateLabel, whenLabel } from './zoned-time.js'

export interface BookingFlowProps {
  /** The host's API route, e.g. `/api` or `https://example.com/api`. */
  apiUrl: string
  /** A language code or locale (`de`, `de-DE`); English strings where the kit has none. */
  locale?: string
  /** The collections' slugs where the plugin's `slugs` option renamed them. */
  slugs?: CatalogSlugs
}

const Steps: React.FC<{ apiUrl: string; catalog: Catalog }> = ({ apiUrl, catalog }) => {
  const { locale, t } = useBookingLanguage()
  const flow = useBookingFlow({ apiUrl, catalog })
  const visitorZone = useVisitorZone()
  const detailsHeading = useRef<HTMLHeadingElement>(null)
  const { phase, selected } = flow
  const full = phase === 'choose' && flow.service !== null && flow.free.slots?.length === 0
  const waitlist = useWaitlist(flow.client, full && flow.service !== null ? { date: flow.date, resource: flow.resourceChoice, service: flow.service, timezone: flow.timezone } : null)

  // Focus follows the guest: to their details once a time is picked, to the hold once it is placed.
  useEffect(() => {
    if (phase === 'details' || phase === 'held') {
      detailsHeading.current?.focus()
    }
  }, [phase, selected?.start])

  const resourceName = (id: unknown) => catalog.resources.find((resource) => String(resource.id) === String(id))?.name ?? ''
  const serviceName = catalog.services.find((service) => String(service.id) === String(flow.service))?.name ?? ''
  const summaryOf = (resource: unknown) => t('summary', { resource: resourceName(resource), service: serviceName })
  const whenOf = (start: string, timezone: string) => whenLabel(start, localDateOf(Date.parse(start), timezone), timezone, locale, visitorZone)

  // A time taken meanwhile is not tried again: the guest picks one of the next free times instead.
  const showForm = phase === 'details' && !flow.refusal?.taken
  const changeTime = (
    <button className="rl-booking__secondary" onClick={flow.changeTime} type="button">
      {t('changeTime')}
    </button>
  )

  if (phase === 'booked' && flow.booked) {
    const timezone = catalog.resources.find((resource) => String(resource.id) === String(flow.booked?.resource))?.timezone ?? 'UTC'
    return (
      <BookingConfirmation
        booking={flow.booked}
        guestName={flow.guest.name.trim()}
        onAnother={flow.startOver}
        summary={summaryOf(flow.booked.resource)}
        when={whenOf(flow.booked.startTime, timezone)}
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
            <DayNavigator date={flow.date} onDate={flow.chooseDate} today={flow.today} />
            <SlotList {...flow.free} onPick={flow.pickSlot} selected={flow.selected} visitorZone={visitorZone} />
            {full && <WaitlistOffer dayLabel={dateLabel(flow.date, locale)} guest={flow.guest} onGuest={flow.setGuest} waitlist={waitlist} />}
          </section>
        )
      )}
      {selected && (phase === 'details' || phase === 'held') && (
        <section aria-labelledby="rl-booking-details" className="rl-booking__details">
          <h2 className="rl-booking__heading" id="rl-booking-details" ref={detailsHeading} tabIndex={-1}>
            {showForm ? t('details') : summaryOf(flow.hold?.resource ?? selected.resource)}
          </h2>
          <p className="rl-booking__when">{whenOf(flow.hold?.startTime ?? selected.start, selected.timezone)}</p>
          {showForm && !flow.refusal && <p className="rl-booking__summary">{summaryOf(selected.resource)}</p>}
          {flow.refusal && <RefusalNotice onPick={flow.pickAlternative} refusal={flow.refusal} visitorZone={visitorZone} />}
          {phase === 'held' && flow.hold ? (
            <>
              <p className="rl-booking__guest">{[flow.guest.name, flow.guest.email, flow.guest.phone].map((value) => value.trim()).filter(Boolean).join(' · ')}</p>
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
                busy={flow.busy !== null}
                details={flow.guest}
                notes={{ onChange: flow.setNotes, value: flow.notes }}
                onChange={flow.setGuest}
                onSubmit={() => void flow.holdTime()}
                problems={flow.problems}
                submit={flow.busy === 'holding' ? t('holding') : t('holdTime')}
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
 * resource, a day and its free times (or the waitlist when the day is full), the guest's details,
 * the hold with its countdown, the booking and its confirmation. Style it through the `--rl-booking-…` variables of
 * `payload-reserve-ledger/booking.css`.
 */
export const BookingFlow: React.FC<BookingFlowProps> = ({ apiUrl, locale = 'en', slugs }) => {
  const { catalog, error } = useCatalog(apiUrl, slugs)
  return (
    <BookingLanguageProvider locale={locale}>
      <Shell>
        {catalog ? (
          <Steps apiUrl={apiUrl} catalog={catalog} />
        ) : (
          <Loading error={error} />
        )}
      </Shell>
    </BookingLanguageProvider>
  )
}

const Shell: React.FC<{ children: React.ReactNode }> = ({ children }) => {
  const { dir, locale } = useBookingLanguage()
  return (
    <div className="rl-booking" dir={dir} lang={locale}>
      {children}
    </div>
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
