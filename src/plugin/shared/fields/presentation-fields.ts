import type { CheckboxField, Field, TextareaField, TextField } from 'payload'

import type { ResolvedOptions } from '../../options.js'

import { label } from '../labels.js'

/** What visitors read of a service or resource: its name, translated when the site is localized. */
export const nameField = (resolved: Pick<ResolvedOptions, 'localizedTexts'>): TextField => ({
  name: 'name',
  type: 'text',
  label: label('field_name'),
  localized: resolved.localizedTexts,
  required: true,
})

export const descriptionField = (resolved: Pick<ResolvedOptions, 'localizedTexts'>): TextareaField => ({
  name: 'description',
  type: 'textarea',
  label: label('field_description'),
  localized: resolved.localizedTexts,
})

/** A picture from the site's media collection, when the options name one. */
export const imageFields = (resolved: Pick<ResolvedOptions, 'mediaCollection'>): Field[] =>
  resolved.mediaCollection === null
    ? []
    : [{ name: 'image', type: 'upload', label: label('field_image'), relationTo: resolved.mediaCollection }]

/** Whether a record is in use: inactive ones are kept but not offered. */
export const activeField: CheckboxField = {
  name: 'active',
  type: 'checkbox',
  admin: { position: 'sidebar' },
  defaultValue: true,
  label: label('field_active'),
}
