'use client'
import { Button } from '@payloadcms/ui'
import React, { useId, useState } from 'react'

import type { AdminSettings } from '../../plugin/http/contract.js'

import { actionLabel, nextStatuses } from './status.js'
import { useReserveTranslation } from './use-reserve-translation.js'
import { useStatusChange } from './use-status-change.js'
import './status-actions.css'

interface Props {
  onChanged: () => void
  reservationId: string
  settings: AdminSettings
  status: string
}

/**
 * One button per status the machine allows next. Cancelling first asks for an optional reason,
 * which the ledger keeps in the reservation's history.
 */
export const StatusActions: React.FC<Props> = ({ onChanged, reservationId, settings, status }) => {
  const { has, t } = useReserveTranslation()
  const changeStatus = useStatusChange(settings)
  const [busy, setBusy] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [reason, setReason] = useState('')
  const reasonId = useId()
  const next = nextStatuses(status, settings)
  if (next.length === 0) {
    return null
  }

  const move = async (target: string, why?: string): Promise<void> => {
    setBusy(true)
    const changed = await changeStatus(reservationId, target, why)
    setBusy(false)
    if (changed) {
      setCancelling(false)
      setReason('')
      onChanged()
    }
  }

  if (cancelling) {
    return (
      <form
        className="rl-status-actions rl-status-actions--cancel"
        onSubmit={(event) => {
          event.preventDefault()
          void move(settings.cancelledStatus, reason.trim())
        }}
      >
        <label className="rl-status-actions__label" htmlFor={reasonId}>
          {t('cancelReason')}
        </label>
        <textarea
          className="rl-status-actions__reason"
          id={reasonId}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          value={reason}
        />
        <div className="rl-status-actions__buttons">
          <Button buttonStyle="primary" className="rl-danger" disabled={busy} margin={false} size="small" type="submit">
            {t('confirmCancel')}
          </Button>
          <Button
            buttonStyle="secondary"
            disabled={busy}
            margin={false}
            onClick={() => setCancelling(false)}
            size="small"
          >
            {t('back')}
          </Button>
        </div>
      </form>
    )
  }

  return (
    <div className="rl-status-actions">
      {next.map((target, index) => (
        <Button
          buttonStyle={index === 0 && target !== settings.cancelledStatus ? 'primary' : 'secondary'}
          disabled={busy}
          key={target}
          margin={false}
          onClick={() => (target === settings.cancelledStatus ? setCancelling(true) : void move(target))}
          size="small"
        >
          {actionLabel(target, t, has)}
        </Button>
      ))}
    </div>
  )
}
