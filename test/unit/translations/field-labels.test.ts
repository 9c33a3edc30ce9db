import type { Field } from 'payload'

import { sqliteAdapter } from '@payloadcms/db-sqlite'
import { buildConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import { reserveLedgerPlugin } from '../../../src/index.js'
import { translations } from '../../../src/translations/index.js'

const LANGUAGES = Object.keys(translations)
// Payload's own fields, which Payload labels itself (or names the same in every language).
const PAYLOAD_OWN = new Set(['id', 'createdAt', 'updatedAt'])

/** `path` of every named field under `fields` whose label is not given in every language. */
const untranslated = (fields: Field[], prefix: string): string[] =>
  fields.flatMap((field) => {
    const path = 'name' in field && field.name ? `${prefix}.${field.name}` : prefix
    const nested = [
      ...('fields' in field ? untranslated(field.fields, path) : []),
      ...(field.type === 'tabs' ? field.tabs.flatMap((tab) => untranslated(tab.fields, path)) : []),
      ...(field.type === 'blocks' ? field.blocks.flatMap((block) => untranslated(block.fields, path)) : []),
    ]
    // Hidden fields are shown nowhere: not in forms, columns or filters.
    const hidden = ('hidden' in field && field.hidden) || (field.admin as { hidden?: boolean } | undefined)?.hidden
    if (!('name' in field) || !field.name || PAYLOAD_OWN.has(field.name) || hidden) {
      return nested
    }
    const label = 'label' in field ? field.label : undefined
    const translated =
      typeof label === 'function' || (typeof label === 'object' && label !== null && LANGUAGES.every((language) => language in label))
    return translated ? nested : [path, ...nested]
  })

describe("the plugin's admin labels", () => {
  it('name every field of every plugin collection in all twelve languages, Payload-made auth fields included', async () => {
    const config = await buildConfig({
      admin: { user: 'users' },
      collections: [{ slug: 'users', auth: true, fields: [] }],
      db: sqliteAdapter({ client: { url: 'file::memory:' } }),
      plugins: [reserveLedgerPlugin()],
      secret: 'labels',
      telemetry: false,
    })
    // The internal collections are hidden from the admin.
    const plugin = config.collections.filter(({ admin, slug }) => slug !== 'users' && !slug.startsWith('payload-') && !admin.hidden)
    expect(plugin.map(({ slug }) => slug)).toHaveLength(11)
    const missing = plugin.flatMap((collection) => untranslated(collection.fields, collection.slug))
    expect(missing).toEqual([])
  })
})
