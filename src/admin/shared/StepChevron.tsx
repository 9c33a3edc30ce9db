'use client'
import { ChevronIcon } from '@payloadcms/ui'
import React from 'react'

import './step-chevron.css'

/**
 * The arrow of a "previous" or "next" button. It points along the reading direction, so in
 * right-to-left languages "next" points left.
 */
export const StepChevron: React.FC<{ step: 'next' | 'previous' }> = ({ step }) => (
  <span aria-hidden className="rl-step-chevron">
    <ChevronIcon direction={step === 'next' ? 'right' : 'left'} />
  </span>
)
