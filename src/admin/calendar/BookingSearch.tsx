'use client'
import React, { useId, useRef, useState } from 'react'

import type { AdminSettings, ReservationRecord } from '../../contract/http.js'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { SearchHit } from './SearchHit.js'
import { MIN_SEARCH_LENGTH, useBookingSearch } from './use-booking-search.js'
import { useSlashFocus } from './use-slash-focus.js'
import '../shared/search-input.css'
import './booking-search.css'

interface Props {
  onPick: (reservation: ReservationRecord) => void
  settings: AdminSettings
}

/**
 * "Find a booking": part of a customer's or guest's name, e-mail or phone lists their bookings,
 * the next one first and the past and cancelled apart; picking one shows it on the calendar. A
 * combobox: "/" reaches it from anywhere on the page, arrows walk the list, Enter picks (the
 * next booking when none is chosen), Escape closes the list and then clears the box.
 */
export const BookingSearch: React.FC<Props> = ({ onPick, settings }) => {
  const { t } = useReserveTranslation()
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  useSlashFocus(input)
  const found = useBookingSearch(settings, text)
  const hits = [...found.ahead, ...found.behind]
  const typed = text.trim().length >= MIN_SEARCH_LENGTH
  const shown = open && typed
  const optionId = (index: number) => `${listId}-${index}`
  const waiting = found.answered !== text.trim()

  const pick = (reservation: ReservationRecord) => {
    setOpen(false)
    setActive(-1)
    onPick(reservation)
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (hits.length > 0) {
        const count = hits.length
        setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1))
      }
    } else if (event.key === 'Enter') {
      const chosen = hits[active] ?? hits[0]
      // Not while the list still answers what was typed before.
      if (shown && !waiting && chosen) {
        event.preventDefault()
        pick(chosen)
      }
    } else if (event.key === 'Escape') {
      event.preventDefault()
      if (shown) {
        setOpen(false)
      } else {
        setText('')
        input.current?.blur()
      }
    }
  }

  const group = (heading: string, reservations: ReservationRecord[], offset: number, kind: string) =>
    reservations.length > 0 && (
      <div aria-labelledby={`${listId}-${kind}`} className="rl-search__group" data-group={kind} role="group">
        <div className="rl-search__heading" id={`${listId}-${kind}`} role="presentation">
          {heading}
        </div>
        {reservations.map((reservation, index) => (
          <SearchHit
            active={active === offset + index}
            id={optionId(offset + index)}
            key={reservation.id}
            onPick={() => pick(reservation)}
            reservation={reservation}
            settings={settings}
          />
        ))}
      </div>
    )

  return (
    <div className="rl-search">
      <input
        aria-activedescendant={shown && hits[active] ? optionId(active) : undefined}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={shown}
        aria-keyshortcuts="/"
        aria-label={t('searchLabel')}
        className="rl-search-input rl-search__input"
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setText(event.target.value)
          setActive(-1)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('searchPlaceholder')}
        ref={input}
        role="combobox"
        type="search"
        value={text}
      />
      <kbd aria-hidden className="rl-search__key">
        /
      </kbd>
      {shown && (
        <div aria-label={t('searchLabel')} aria-busy={waiting} className="rl-search__results" id={listId} role="listbox">
          {found.error !== null && !waiting && <p className="rl-search__note">{t('requestFailed')}</p>}
          {waiting && hits.length === 0 && <p className="rl-search__note">{t('searching')}</p>}
          {!waiting && found.error === null && hits.length === 0 && <p className="rl-search__note">{t('searchNone')}</p>}
          {group(t('searchAhead'), found.ahead, 0, 'ahead')}
          {group(t('searchBehind'), found.behind, found.ahead.length, 'behind')}
          {found.more && <p className="rl-search__note">{t('searchMore')}</p>}
        </div>
      )}
    </div>
  )
}
