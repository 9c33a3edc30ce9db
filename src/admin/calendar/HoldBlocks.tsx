'use client'
import React, { useState } from 'react'

import type { ResourceRecord } from '../../contract/http.js'
import type { EpochAvailability } from '../shared/capacity.js'
import type { Offset } from './grid-scale.js'

import { ResourceDot } from '../shared/ResourceDot.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { HoldMenu } from './HoldMenu.js'
import { overlapLanes } from './overlap-lanes.js'
import { ShadeBlock } from './ShadeBlock.js'

interface Props {
  availability: EpochAvailability
  bottom: number
  /** The lane's resource, where the column is one resource's: whose the unnamed holds are. */
  lane: null | ResourceRecord
  offset: Offset
  timezone: string
  top: number
}

/**
 * A column's capacity held while customers check out, from `top` to `bottom`: dotted and dashed,
 * unlike the hatching of time busy elsewhere; named by its resource where the column shows
 * several, and side by side where holds overlap. A hold takes only its units, so it lets clicks
 * through to the booking cells beneath (the rest of the capacity may still be booked); only its
 * label, where the user may act on the hold, opens the hold's menu and says until when it lasts.
 */
export const HoldBlocks: React.FC<Props> = ({ availability, bottom, lane, offset, timezone, top }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const [opened, setOpened] = useState<{ anchor: HTMLElement; holdId: string } | null>(null)
  const shown = availability.holds.filter(({ end, start }) => start < bottom && end > top)
  const lanes = overlapLanes(shown.map(({ end, start }, index) => ({ end, id: String(index), start })))
  const blocks = shown.map((hold, index) => {
    const { details, end, resource, start, units } = hold
    const held = details ? `${t('heldAtCheckout')} · ${t('heldUntil', { time: format.time(new Date(details.expiresAt).toISOString()) })}` : t('heldAtCheckout')
    const name = resource ? `${resource.name} · ${held}` : held
    const title = `${format.time(start)}–${format.time(end)} · ${name}${units > 1 ? ` (${units})` : ''}`
    const text = resource ? (
      <>
        <ResourceDot resource={resource} />
        {name}
      </>
    ) : (
      name
    )
    const label = details ? (
      <button
        aria-expanded={opened?.holdId === details.holdId}
        aria-haspopup="dialog"
        className="rl-hold__open"
        data-hold-id={details.holdId}
        onClick={(event) => setOpened({ anchor: event.currentTarget, holdId: details.holdId })}
        type="button"
      >
        {text}
      </button>
    ) : (
      text
    )
    return (
      <ShadeBlock
        {...{ bottom, end, label, name, offset, start, title, top }}
        key={`${resource?.id ?? ''}|${start}|${end}|${index}`}
        kind="hold"
        // Its label a button, the block is a group: an image's content is hidden from assistive technology.
        role={details ? 'group' : 'img'}
        placement={lanes.get(String(index))}
      />
    )
  })
  // Found again by its id once the calendar loads again; gone (released, booked, expired), its menu closes.
  const openedHold = opened && shown.find((hold) => hold.details?.holdId === opened.holdId)
  const whose = openedHold?.resource ?? lane
  return (
    <>
      {blocks}
      {opened && openedHold?.details && (
        <HoldMenu
          anchor={opened.anchor}
          details={openedHold.details}
          end={openedHold.end}
          onClose={() => setOpened(null)}
          resourceName={whose?.name ?? String(whose?.id ?? '')}
          start={openedHold.start}
          timezone={timezone}
        />
      )}
    </>
  )
}
