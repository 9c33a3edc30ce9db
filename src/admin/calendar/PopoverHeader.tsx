'use client'
import React from 'react'

import { useReserveTranslation } from '../shared/use-reserve-translation.js'

interface Props {
  onClose: () => void
  title: string
  /** The id the popover's dialog is labelled by. */
  titleId: string
}

/** A calendar popover's heading and its close button (the quick-create popover, a hold's menu). */
export const PopoverHeader: React.FC<Props> = ({ onClose, title, titleId }) => {
  const { t } = useReserveTranslation()
  return (
    <header className="rl-quick__header">
      <h2 className="rl-quick__title" id={titleId}>
        {title}
      </h2>
      <button aria-label={t('quickClose')} className="rl-quick__close" onClick={onClose} type="button">
        ×
      </button>
    </header>
  )
}
