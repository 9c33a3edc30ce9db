'use client'
import React from 'react'

import type { Related, ResourceRecord } from '../../contract/http.js'

import { relatedId } from './related.js'
import { resourceColour } from './resource-colour.js'
import './resource-dot.css'

/** A resource's colour as a small dot, beside its name or a booking of it. */
export const ResourceDot: React.FC<{ resource: Related<ResourceRecord> }> = ({ resource }) => {
  const colour = resourceColour(resource)
  if (colour === null) {
    return null
  }
  return (
    <span
      aria-hidden
      className="rl-resource-dot"
      data-resource-id={String(relatedId(resource))}
      style={{ background: colour }}
    />
  )
}
