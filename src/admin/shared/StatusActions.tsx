'use client'
import { Button } from '@payloadcms/ui'
import React, { useState } from 'react'

import type { AdminSettings } from '../../contract/http.js'

import { CancelReasonForm } from './CancelReasonForm.js'
import { actionLabel, nextStatuses } from './status.js'
import { useReserveTranslation } from './use-reserve-translation.js'
import { useStatusMove } from './use-status-move.js'
import './status-actions.css'

interface Props {
  /** Who and when, for the toast after a move (see `bookingName`). */
  booking?: string
  onChanged: () => void
  reservationId: string
  settings: AdminSettings
  /** The booking's start: before it, the outcomes of the visit (completed, no-show) are not offered. */
  startTime?: string
  status: string
}

/**
 * One button per status the machine allows next (and that makes sense by now). Cancelling first
 * asks for an optional reason,
 * which the ledger keeps in the reservation's history.
 */
export const StatusActions: React.FC<Props> = ({ booking, onChanged, reservationId, settings, startTime, status }) => {
  const { has, t } = useReserveTranslation()
  const [cancelling, setCancelling] = useState(false)
  // Kept here rather than in the form, so going back and cancelling again keeps what was typed.
  const [reason, setReason] = useState('')
  const { busy, move } = useStatusMove(
    reservationId,
    status,
    settings,
    () => {
      setCancelling(false)
      setReason('')
      onChanged()
    },
    booking,
  )
  const next = nextStatuses(status, settings, startTime === undefined ? undefined : { now: Date.now(), startTime })
  if (next.length === 0) {
    return null
  }

  if (cancelling) {
    return (
      <CancelReasonForm
        busy={busy}
        onBack={() => setCancelling(false)}
        onReason={setReason}
        onSubmit={() => void move(settings.cancelledStatus, reason.trim())}
        reason={reason}
      />
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
