'use client'
import React, { useEffect, useRef } from 'react'

import { localDateOf } from '../time/local-time.js'
import { BookingLanguageProvider, useBookingLanguage } from './booking-texts-context.js'
import { DayNavigator } from './DayNavigator.js'
import { RefusalNotice } from './RefusalNotice.js'
import { SlotList } from './SlotList.js'
import { type ManagedBookingQuestion, type ManagedBookingState, useManagedBooking } from './use-managed-booking.js'
import { useVisitorZone } from './use-visitor-zone.js'
import { whenLabel } from './zoned-time.js'

export interface ManageBookingProps extends ManagedBookingQuestion {
  /** A language code or locale (`de`, `de-DE`); English strings where the kit has none. */
  locale?: string
}

/** The booking managed: what, when, and what the guest may still do with it. */
const Manage: React.FC<{ manage: ManagedBookingState }> = ({ manage }) => {
  const { locale, t } = useBookingLanguage()
  const visitorZone = useVisitorZone()
  const confirmHeading = useRef<HTMLHeadingElement>(null)
  const timesHeading = useRef<HTMLHeadingElement>(null)
  const { booking, phase } = manage

  // Focus follows the guest: to the question once they ask to cancel, to the times once they ask to move.
  useEffect(() => {
    ;(phase === 'confirm-cancel' ? confirmHeading : phase === 'reschedule' ? timesHeading : null)?.current?.focus()
  }, [phase])

  if (!booking) {
    return null
  }
  const { reservation, rules } = booking
  const when = (start: string) => whenLabel(start, localDateOf(Date.parse(start), manage.timezone), manage.timezone, locale, visitorZone)
  const refusal = manage.refusal && <RefusalNotice onPick={manage.pickAlternative} refusal={manage.refusal} visitorZone={visitorZone} />
  const back = (
    <button className="rl-booking__secondary" disabled={manage.busy !== null} onClick={manage.back} type="button">
      {phase === 'confirm-cancel' ? t('keepBooking') : t('back')}
    </button>
  )
  const outcome = manage.outcome && (manage.outcome.kind === 'cancelled' ? t('cancelled') : t('moved', { when: when(manage.outcome.to) }))

  return (
    <>
      <section aria-labelledby="rl-booking-managed" className="rl-booking__managed">
        <h2 className="rl-booking__heading" id="rl-booking-managed">
          {t('summary', { resource: booking.resource.name, service: booking.service.name })}
        </h2>
        <p className="rl-booking__when">{when(reservation.startTime)}</p>
        <p className="rl-booking__reference">{t('bookedAs', { id: reservation.id })}</p>
        <p aria-live="polite" className="rl-booking__outcome" role="status">
          {outcome}
        </p>
        {booking.cancelled ? (
          !manage.outcome && <p className="rl-booking__note">{t('isCancelled')}</p>
        ) : rules.cancel || rules.reschedule ? (
          rules.changeUntil && <p className="rl-booking__note">{t('changeUntil', { when: when(rules.changeUntil) })}</p>
        ) : (
          <p className="rl-booking__note">{t('noMoreChanges', { hours: rules.noticePeriodHours })}</p>
        )}
        {phase === 'view' && !booking.cancelled && (rules.cancel || rules.reschedule) && (
          <div className="rl-booking__actions">
            {rules.reschedule && (
              <button className="rl-booking__primary" onClick={manage.startReschedule} type="button">
                {t('moveBooking')}
              </button>
            )}
            {rules.cancel && (
              <button className="rl-booking__secondary" onClick={manage.askCancel} type="button">
                {t('cancelBooking')}
              </button>
            )}
          </div>
        )}
        {phase === 'view' && refusal}
      </section>
      {phase === 'confirm-cancel' && (
        <section aria-labelledby="rl-booking-confirm-cancel" className="rl-booking__details">
          <h2 className="rl-booking__heading" id="rl-booking-confirm-cancel" ref={confirmHeading} tabIndex={-1}>
            {t('confirmCancel')}
          </h2>
          {refusal}
          <div className="rl-booking__actions">
            <button className="rl-booking__primary" disabled={manage.busy !== null} onClick={() => void manage.cancel()} type="button">
              {manage.busy === 'cancelling' ? t('cancelling') : t('confirmCancelYes')}
            </button>
            {back}
          </div>
        </section>
      )}
      {phase === 'reschedule' && (
        <section aria-labelledby="rl-booking-new-time" className="rl-booking__day-times">
          <h2 className="rl-booking__heading" id="rl-booking-new-time" ref={timesHeading} tabIndex={-1}>
            {t('chooseNewTime')}
          </h2>
          <DayNavigator date={manage.date} onDate={manage.chooseDate} today={manage.today} />
          <SlotList {...manage.free} onPick={manage.pickSlot} selected={manage.selected} visitorZone={visitorZone} />
          {refusal}
          <div className="rl-booking__actions">
            {manage.selected && !manage.refusal?.taken && (
              <button className="rl-booking__primary" disabled={manage.busy !== null} onClick={() => void manage.move()} type="button">
                {manage.busy === 'moving' ? t('moving') : t('moveTo', { when: when(manage.selected.start) })}
              </button>
            )}
            {back}
          </div>
        </section>
      )}
    </>
  )
}

/**
 * A guest's "manage my booking" page, composed from `useManagedBooking`: the booking (service,
 * resource, its time in the resource's zone and the visitor's own beside it), cancelling it after
 * a confirmation, moving it to a free time of a day picked, the result said, every refusal in the
 * server's words. Give it the reservation id and the token of the guest's link. Style it through
 * the `--rl-booking-…` variables of `payload-reserve-ledger/booking.css`.
 */
export const ManageBooking: React.FC<ManageBookingProps> = ({ locale = 'en', ...question }) => (
  <BookingLanguageProvider locale={locale}>
    <Shell question={question} />
  </BookingLanguageProvider>
)

const Shell: React.FC<{ question: ManagedBookingQuestion }> = ({ question }) => {
  const { dir, locale, t } = useBookingLanguage()
  const manage = useManagedBooking(question)
  return (
    <div className="rl-booking" dir={dir} lang={locale}>
      {manage.booking ? (
        <Manage manage={manage} />
      ) : manage.refused ? (
        <div className="rl-booking__refusal" role="alert">
          <p className="rl-booking__refusal-title">{t('manageRefused')}</p>
          <p className="rl-booking__refusal-reason">{manage.refused}</p>
        </div>
      ) : (
        <p aria-busy="true" className="rl-booking__note">
          {t('loading')}
        </p>
      )}
    </div>
  )
}
