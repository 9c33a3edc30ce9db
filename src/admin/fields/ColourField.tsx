'use client'
import type { TextFieldClientProps } from 'payload'

import { FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import React from 'react'

import { RESOURCE_PALETTE } from '../shared/resource-colour.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import './colour-field.css'

/**
 * A resource's colour: one of the palette's swatches, any colour from the browser's picker, or
 * none (the calendar then gives it one from the palette by its id).
 */
export const ColourField: React.FC<TextFieldClientProps> = ({ field, path: pathFromProps, readOnly }) => {
  const { t } = useReserveTranslation()
  const { disabled, path, setValue, value } = useField<null | string>({ potentiallyStalePath: pathFromProps })
  const chosen = typeof value === 'string' && value !== '' ? value.toLowerCase() : null
  const locked = readOnly || disabled
  return (
    <div className="field-type rl-colour-field">
      <FieldLabel label={field.label} path={path} />
      <div className="rl-colour-field__choices" id={`field-${path.replace(/\./g, '__')}`}>
        <button
          aria-pressed={chosen === null}
          className="rl-colour-field__swatch rl-colour-field__swatch--none"
          disabled={locked}
          onClick={() => setValue(null)}
          type="button"
        >
          {t('colourAuto')}
        </button>
        {RESOURCE_PALETTE.map((colour) => (
          <button
            aria-label={colour}
            aria-pressed={chosen === colour}
            className="rl-colour-field__swatch"
            disabled={locked}
            key={colour}
            onClick={() => setValue(colour)}
            style={{ background: colour }}
            type="button"
          />
        ))}
        <input
          aria-label={t('colourOther')}
          className="rl-colour-field__other"
          disabled={locked}
          onChange={(event) => setValue(event.target.value)}
          type="color"
          value={chosen ?? '#000000'}
        />
      </div>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
