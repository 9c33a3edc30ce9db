import type { Field, TextareaField, TextField } from 'payload'

import type { ResolvedOptions } from '../../options.js'

/** What visitors read of a service or resource: its name, translated when the site is localized. */
export const nameField = (resolved: ResolvedOptions): TextField => ({
  name: 'name',
  type: 'text',
  localized: resolved.localizedTexts,
  required: true,
})

export const descriptionField = (resolved: ResolvedOptions): TextareaField => ({
  name: 'description',
  type: 'textarea',
  localized: resolved.localizedTexts,
})

/** A picture from the site's media collection, when the options name one. */
export const imageFields = (resolved: ResolvedOptions): Field[] =>
  resolved.mediaCollection === null ? [] : [{ name: 'image', type: 'upload', relationTo: resolved.mediaCollection }]
