'use client'
import { Button } from '@payloadcms/ui'
import React, { useId } from 'react'

import { useReserveTranslation } from './use-reserve-translation.js'

interface Props {
  busy: boolean
  onBack: () => void
  onReason: (reason: string) => void
  onSubmit: () => void
  reason: string
}

/** Asks for an optional reason before a cancellation is confirmed. */
export const CancelReasonForm: React.FC<Props> = ({ busy, onBack, onReason, onSubmit, reason }) => {
  const { t } = useReserveTranslation()
  const reasonId = useId()
  return (
    <form
      className="rl-status-actions rl-status-actions--cancel"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <label className="rl-status-actions__label" htmlFor={reasonId}>
        {t('cancelReason')}
      </label>
      <textarea
        className="rl-status-actions__reason"
        id={reasonId}
        onChange={(event) => onReason(event.target.value)}
        rows={2}
        value={reason}
      />
      <div className="rl-status-actions__buttons">
        <Button buttonStyle="primary" className="rl-danger" disabled={busy} margin={false} size="small" type="submit">
          {t('confirmCancel')}
        </Button>
        <Button buttonStyle="secondary" disabled={busy} margin={false} onClick={onBack} size="small">
          {t('back')}
        </Button>
      </div>
    </form>
  )
}
