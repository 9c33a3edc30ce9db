'use client'
import type { JSONFieldClientProps } from 'payload'

import { FieldLabel, useField } from '@payloadcms/ui'
import React from 'react'

import './event-value-field.css'

/** A value of an event: objects as nested term lists, arrays as numbered lists, the rest as text. */
const Value: React.FC<{ value: unknown }> = ({ value }) => {
  if (Array.isArray(value)) {
    return value.length === 0 ? (
      <span className="rl-event-value__empty">[]</span>
    ) : (
      <ol className="rl-event-value__list">
        {value.map((item, index) => (
          <li key={index}>
            <Value value={item} />
          </li>
        ))}
      </ol>
    )
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
    return entries.length === 0 ? (
      <span className="rl-event-value__empty">{'{}'}</span>
    ) : (
      <dl className="rl-event-value__fields">
        {entries.map(([key, item]) => (
          <div className="rl-event-value__field" data-key={key} key={key}>
            <dt>{key}</dt>
            <dd>
              <Value value={item} />
            </dd>
          </div>
        ))}
      </dl>
    )
  }
  return <bdi className="rl-event-value__text">{value === null || value === undefined ? '—' : String(value)}</bdi>
}

/**
 * An event's data or metadata, read-only, as a readable list of its fields. Payload's JSON
 * field loads its code editor from a CDN, which left these blank (and threw) without internet;
 * events are immutable, so there is nothing to edit anyway.
 */
export const EventValueField: React.FC<JSONFieldClientProps> = ({ field, path: pathFromProps }) => {
  const { path, value } = useField<unknown>({ potentiallyStalePath: pathFromProps })
  return (
    <div className="field-type rl-event-value" data-path={path}>
      <FieldLabel label={field.label} path={path} />
      <Value value={value} />
    </div>
  )
}
