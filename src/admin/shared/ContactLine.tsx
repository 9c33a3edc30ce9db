'use client'
import React from 'react'

interface Props {
  className: string
  email?: null | string
  phone?: null | string
}

/**
 * How to reach someone, on one line: e-mail and phone. The line follows the page's direction
 * (in Arabic it sits on the right, under the name); each value inside reads left to right, as
 * addresses and numbers are written.
 */
export const ContactLine: React.FC<Props> = ({ className, email, phone }) => {
  const parts = [email, phone].filter((part): part is string => typeof part === 'string' && part !== '')
  if (parts.length === 0) {
    return null
  }
  return (
    <span className={className}>
      {parts.map((part, index) => (
        <React.Fragment key={part}>
          {index > 0 && ' · '}
          <bdi dir="ltr">{part}</bdi>
        </React.Fragment>
      ))}
    </span>
  )
}
