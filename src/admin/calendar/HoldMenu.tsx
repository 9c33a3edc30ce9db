'use client'
import React, { useId, useRef } from 'react'
import { createPortal } from 'react-dom'

import type { Hold } from '../shared/capacity.js'

import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { PopoverHeader } from './PopoverHeader.js'
import { useAnchoredPosition } from './use-anchored-position.js'
import { useDialogFocus } from './use-dialog-focus.js'
import { useHoldActions } from './use-hold-actions.js'
import './quick-create.css'

interface Props {
  anchor: HTMLElement
  details: NonNullable<Hold['details']>
  end: number
  onClose: () => void
  /** The resource held, by name. */
  resourceName: string
  start: number
  timezone: string
}

/**
 * A hold's own small dialog, beside its block: when it is held for and until when, Release,
 * and Book for whoever placed it (only they may book it; the server says so to anyone else).
 */
export const HoldMenu: React.FC<Props> = ({ anchor, details, end, onClose, resourceName, start, timezone }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const dialog = useRef<HTMLDivElement>(null)
  const position = useAnchoredPosition(anchor, dialog)
  useDialogFocus(dialog, anchor, { onEscape: onClose, onOutside: onClose })
  const titleId = useId()
  const actions = useHoldActions(details.holdId, `${resourceName}, ${format.dateTime(new Date(start).toISOString())}`)
  // Release for anyone who may see the menu; Book only for the holder, whom alone the server lets book it.
  const buttons = [
    { kind: 'danger', label: t('holdRelease'), run: actions.release },
    ...(details.mine ? [{ kind: 'primary', label: t('quickBook'), run: actions.book }] : []),
  ]
  const when = `${format.weekdayDateTimeZone(new Date(start).toISOString())} – ${format.time(new Date(end).toISOString())}`

  return createPortal(
    <div
      aria-labelledby={titleId}
      aria-modal="true"
      className="rl-quick rl-hold-menu"
      data-placed={position ? 'true' : undefined}
      ref={dialog}
      role="dialog"
      style={position ?? undefined}
    >
      <PopoverHeader onClose={onClose} title={t('holdMenuTitle')} titleId={titleId} />
      <p className="rl-quick__when">
        <span>{resourceName}</span>
        <time dateTime={new Date(start).toISOString()}>{when}</time>
      </p>
      <p className="rl-hold-menu__expiry">
        {t('holdUntil', { time: format.time(new Date(details.expiresAt).toISOString()) })}
      </p>
      {!details.mine && <p className="rl-quick__note">{t('holdNotMine')}</p>}
      {actions.error && (
        <p className="rl-quick__error" role="alert">
          {actions.error}
        </p>
      )}
      <div className="rl-quick__footer">
        {buttons.map(({ kind, label, run }) => (
          <button
            aria-disabled={actions.busy || undefined}
            className={`rl-quick__button rl-quick__button--${kind}`}
            key={kind}
            onClick={() => void run()}
            type="button"
          >
            {label}
          </button>
        ))}
      </div>
    </div>,
    document.body,
  )
}
