'use client'
import { useAuth } from '@payloadcms/ui'
import React, { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

import type { AdminSettings, CustomerHit, ResourceRecord } from '../../contract/http.js'
import type { BookingChoice, QuickTarget } from './use-calendar-drawers.js'

import { useCustomer } from '../fields/use-customer.js'
import { useCustomerPicker } from '../fields/use-customer-picker.js'
import { localDateOf } from '../shared/calendar-dates.js'
import { mayBookAt } from '../shared/may-book.js'
import { customerLabel } from '../shared/related.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { QuickCreateFields } from './QuickCreateFields.js'
import { PopoverHeader } from './PopoverHeader.js'
import { RepeatsField } from '../repeats/RepeatsField.js'
import { useAnchoredPosition } from './use-anchored-position.js'
import { useDialogFocus } from './use-dialog-focus.js'
import { useQuickHold } from './use-hold.js'
import { useOfferedServices } from './use-offered-services.js'
import { useQuickCreate } from './use-quick-create.js'
import { useRepeats } from '../repeats/use-repeats.js'
import '../fields/customer-search-field.css'
import './quick-create.css'

interface Props {
  onBooked: () => void
  onClose: () => void
  /** Closes the popover and opens the full form with what was chosen. */
  onMore: (resource: null | ResourceRecord, choice: BookingChoice) => void
  /** The server refused to book (a conflict, most often): the calendar behind is out of date. */
  onRefused: () => void
  resources: null | ResourceRecord[]
  settings: AdminSettings
  target: QuickTarget
}

/**
 * A small dialog at a free time clicked in the calendar: the resource, a service it offers, the
 * customer, and Book. The full form is one click further ("More options…"). Escape or a press
 * outside closes it, asking first once something was chosen or typed.
 */
export const QuickCreate: React.FC<Props> = ({ onBooked, onClose, onMore, onRefused, resources, settings, target }) => {
  const { t } = useReserveTranslation()
  const { user } = useAuth()
  const format = useFormatters(settings.timezone)
  const { anchor, start } = target
  // Without a lane or filter, the resources this user may book at this time.
  const bookable =
    target.resource === null
      ? (resources ?? []).filter((one) =>
          mayBookAt(user, settings.roleRules, { now: Date.now(), resource: one, start: Date.parse(start) }),
        )
      : null
  const initial = target.resource ?? (bookable?.length === 1 ? bookable[0] : null)
  const form = useQuickCreate(settings, start, initial, onBooked, onRefused)
  const { services } = useOfferedServices(settings, form.resource)
  const booking = { customer: form.customer, resource: form.resource?.id ?? null, service: form.service, startTime: start }
  const repeat = useRepeats(booking, settings.timezone, form.error, () => form.choose({}))
  // The hit picked names the customer at once; the record read for it may still be on its way.
  const [picked, setPicked] = useState<CustomerHit | null>(null)
  const picker = useCustomerPicker((hit) => {
    setPicked(hit)
    form.choose({ customer: hit.id })
  }, false)
  const chosenCustomer = useCustomer(settings, form.customer ?? null) ?? (String(picked?.id) === String(form.customer) ? picked : null)
  const customerName = chosenCustomer ? customerLabel(chosenCustomer) : t('customer')
  // Held rather than booked, as a booking would be (for a receptionist waiting for the customer's word).
  const hold = useQuickHold(settings, start, form, onBooked, onRefused)
  const error = form.error ?? hold.error
  const [asking, setAsking] = useState(false)
  const dialog = useRef<HTMLFormElement>(null)
  const book = useRef<HTMLButtonElement>(null)
  const position = useAnchoredPosition(anchor, dialog)
  const titleId = useId()

  const requestClose = () => (form.touched || picker.text.trim() !== '' ? setAsking(true) : onClose())
  // Escape while asking goes back to the form; a press outside asks (again).
  useDialogFocus(dialog, anchor, { onEscape: () => (asking ? setAsking(false) : requestClose()), onOutside: requestClose })

  // The one service a resource offers is the choice.
  const only = services?.length === 1 ? services[0].id : null
  useEffect(() => {
    if (only !== null && form.service == null) {
      form.choose({ service: only }, false)
    }
  }, [form, only])
  // Once the customer is picked (the search box gone), Book is next.
  useEffect(() => {
    if (form.customer != null) {
      const next = book.current && !book.current.disabled ? book.current : dialog.current?.querySelector('select')
      next?.focus()
    }
  }, [form.customer])

  const fullDay = services?.find((one) => String(one.id) === String(form.service))?.durationType === 'full-day'
  const when = fullDay ? format.dateLong(localDateOf(Date.parse(start), settings.timezone)) : format.weekdayDateTimeZone(start)

  // Enter books from a select too, as it does from the search box.
  const onKeyDown = (event: React.KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      event.preventDefault()
      event.currentTarget.requestSubmit()
    }
  }

  return createPortal(
    <form
      aria-labelledby={titleId}
      // The keyboard stays inside while it is open.
      aria-modal="true"
      className="rl-quick"
      data-placed={position ? 'true' : undefined}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        // A series books once its preview says what is free (Enter in a select submits too).
        if (repeat.settled) {
          void form.submit(customerName, repeat.series)
        }
      }}
      ref={dialog}
      role="dialog"
      style={position ?? undefined}
    >
      <PopoverHeader onClose={requestClose} title={t('newReservation')} titleId={titleId} />
      <p className="rl-quick__when">
        <time dateTime={start}>{when}</time>
        {fullDay && ` · ${t('allDay')}`}
        <span className="rl-quick__zone">{t('timesIn', { zone: settings.timezone })}</span>
      </p>
      <QuickCreateFields
        bookable={bookable}
        chosenCustomer={chosenCustomer}
        form={form}
        picker={picker}
        services={services}
      />
      {booking.resource !== null && booking.service != null && <RepeatsField choice={repeat} timezone={settings.timezone} />}
      {error && (
        <p className="rl-quick__error" role="alert">
          {error}
        </p>
      )}
      {asking ? (
        <div className="rl-quick__footer" role="group" aria-label={t('quickDiscardAsk')}>
          <span className="rl-quick__ask">{t('quickDiscardAsk')}</span>
          <button className="rl-quick__button" onClick={() => setAsking(false)} type="button">
            {t('quickKeep')}
          </button>
          <button className="rl-quick__button rl-quick__button--danger" onClick={onClose} type="button">
            {t('quickDiscard')}
          </button>
        </div>
      ) : (
        <div className="rl-quick__footer">
          <button
            className="rl-quick__more"
            onClick={() => onMore(form.resource, { customer: form.customer, service: form.service })}
            type="button"
          >
            {t('quickMoreOptions')}
          </button>
          <button
            aria-disabled={hold.busy || form.busy || undefined}
            className="rl-quick__button"
            // A hold keeps one time; a series is booked, not held.
            disabled={!form.ready || repeat.series !== null}
            onClick={() => void hold.place(customerName)}
            type="button"
          >
            {t('quickHold')}
          </button>
          <button
            className="rl-quick__button rl-quick__button--primary"
            // Busy, it stays focusable (submit ignores it), so the keyboard keeps its place for an error.
            aria-disabled={form.busy || undefined}
            disabled={!form.ready || !repeat.settled}
            ref={book}
            type="submit"
          >
            {repeat.bookLabel ?? t('quickBook')}
          </button>
        </div>
      )}
    </form>,
    document.body,
  )
}
