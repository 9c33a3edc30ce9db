'use client'
import React, { useId } from 'react'

import type { GuestDetails } from './guest-details.js'
import type { BookingTextKey } from './texts/en.js'

import { useBookingLanguage } from './booking-texts-context.js'

interface Props {
  busy: boolean
  details: GuestDetails
  /** The notes field, where what the details are for takes notes. */
  notes?: { onChange: (notes: string) => void; value: string }
  onChange: (details: GuestDetails) => void
  onSubmit: () => void
  problems: Partial<Record<keyof GuestDetails, BookingTextKey>>
  /** The submit button's words, e.g. `Continue`, or `Holding the time…` while busy. */
  submit: string
}

const FIELDS = [
  { autoComplete: 'name', key: 'name', type: 'text' },
  { autoComplete: 'email', key: 'email', type: 'email' },
  { autoComplete: 'tel', key: 'phone', type: 'tel' },
] as const

/** The guest's name and how to reach them, checked as the server's guest rules check them. */
export const GuestForm: React.FC<Props> = ({ busy, details, notes, onChange, onSubmit, problems, submit }) => {
  const { t } = useBookingLanguage()
  const id = useId()
  return (
    <form
      className="rl-booking__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
        // The first field refused gets the focus, so its message is read out with it.
        const form = event.currentTarget
        window.setTimeout(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(), 0)
      }}
    >
      <p className="rl-booking__hint" id={`${id}-hint`}>
        {t('contactHint')}
      </p>
      {FIELDS.map(({ autoComplete, key, type }) => {
        const problem = problems[key]
        return (
          <div className="rl-booking__field" key={key}>
            <label className="rl-booking__label" htmlFor={`${id}-${key}`}>
              {t(key)}
            </label>
            <input
              aria-describedby={[key === 'name' ? null : `${id}-hint`, problem ? `${id}-${key}-problem` : null].filter(Boolean).join(' ') || undefined}
              aria-invalid={problem ? true : undefined}
              autoComplete={autoComplete}
              id={`${id}-${key}`}
              name={key}
              onChange={(event) => onChange({ ...details, [key]: event.target.value })}
              type={type}
              value={details[key]}
            />
            {problem && (
              <span className="rl-booking__problem" id={`${id}-${key}-problem`}>
                {t(problem)}
              </span>
            )}
          </div>
        )
      })}
      {notes && (
        <div className="rl-booking__field">
          <label className="rl-booking__label" htmlFor={`${id}-notes`}>
            {t('notes')}
          </label>
          <textarea id={`${id}-notes`} name="notes" onChange={(event) => notes.onChange(event.target.value)} rows={2} value={notes.value} />
        </div>
      )}
      <button className="rl-booking__primary" disabled={busy} type="submit">
        {submit}
      </button>
    </form>
  )
}
