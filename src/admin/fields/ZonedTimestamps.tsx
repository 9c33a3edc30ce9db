'use client'
import { useDocumentInfo, useTranslation } from '@payloadcms/ui'
import React, { useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

import type { AdminSettings } from '../../contract/http.js'

import { useFormatters } from '../shared/use-formatters.js'
import './zoned-timestamps.css'

const instant = (value: unknown): null | string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null

/**
 * The edit view's "Last modified" and "Created" in the plugin's zone, named, where Payload's
 * document controls format them in the browser's and take no zone. Payload offers no slot for
 * those lines, so this sits in the slot before the controls and puts its lines into the
 * controls' list in their place (the stylesheet hides Payload's while these are there).
 */
export const ZonedTimestamps: React.FC<{ settings: AdminSettings }> = ({ settings }) => {
  const { data, isTrashed } = useDocumentInfo()
  const { i18n } = useTranslation()
  const format = useFormatters(settings.timezone)
  const marker = useRef<HTMLSpanElement>(null)
  const [list, setList] = useState<HTMLElement | null>(null)
  useLayoutEffect(() => {
    setList(marker.current?.closest('.doc-controls')?.querySelector<HTMLElement>('.doc-controls__meta') ?? null)
  }, [])
  const stamps = [
    { at: instant(data?.updatedAt), label: i18n.t(isTrashed ? 'general:deleted' : 'general:lastModified') },
    { at: instant(data?.createdAt), label: i18n.t('general:created') },
  ].flatMap(({ at, label }) => (at === null ? [] : [{ label, text: format.weekdayDateTimeZone(at) }]))
  return (
    <>
      <span hidden ref={marker} />
      {list &&
        stamps.length > 0 &&
        createPortal(
          stamps.map(({ label, text }) => (
            <li className="doc-controls__list-item doc-controls__value-wrap rl-zoned-stamp" key={label} title={text}>
              <p className="doc-controls__label">{label}:&nbsp;</p>
              <p className="doc-controls__value">{text}</p>
            </li>
          )),
          list,
        )}
    </>
  )
}
