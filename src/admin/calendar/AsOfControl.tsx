'use client'
import { Button } from '@payloadcms/ui'
import React, { useId, useState } from 'react'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { instantOfWallTime, wallTimeOf } from './as-of-time.js'

interface Props {
  onAsOf: (at: number) => void
  timezone: string
}

/** "View as of…": a date and time in the calendar's zone, up to now, to show the calendar as it was then. */
export const AsOfControl: React.FC<Props> = ({ onAsOf, timezone }) => {
  const { t } = useReserveTranslation()
  const inputId = useId()
  const [value, setValue] = useState<null | string>(null)
  const now = wallTimeOf(Date.now(), timezone)
  const at = value === null ? null : instantOfWallTime(value, timezone)

  if (value === null) {
    return (
      <Button buttonStyle="secondary" className="rl-as-of__open" margin={false} onClick={() => setValue(now)} size="small">
        {t('viewAsOf')}
      </Button>
    )
  }
  return (
    <form
      className="rl-as-of"
      onSubmit={(event) => {
        event.preventDefault()
        if (at !== null) {
          onAsOf(Math.min(at, Date.now()))
          setValue(null)
        }
      }}
    >
      <label className="rl-as-of__label" htmlFor={inputId}>
        {t('asOfField', { zone: timezone })}
      </label>
      <input
        className="rl-as-of__input"
        id={inputId}
        max={now}
        onChange={(event) => setValue(event.target.value)}
        type="datetime-local"
        value={value}
      />
      <Button buttonStyle="primary" disabled={at === null} margin={false} size="small" type="submit">
        {t('asOfShow')}
      </Button>
      <Button buttonStyle="secondary" margin={false} onClick={() => setValue(null)} size="small">
        {t('back')}
      </Button>
    </form>
  )
}
