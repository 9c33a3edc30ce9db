import type { Field } from 'payload'

/**
 * Names that already hold top-level data: named fields, plus the fields nested in
 * presentational containers (rows, collapsibles, unnamed groups and tabs), which share the
 * document's top level.
 */
export const topLevelDataNames = (fields: Field[]): Set<string> => {
  const names = new Set<string>()
  const visit = (list: Field[]): void => {
    for (const field of list) {
      if ('name' in field && typeof field.name === 'string') {
        names.add(field.name)
      } else if (field.type === 'tabs') {
        for (const tab of field.tabs) {
          if ('name' in tab && typeof tab.name === 'string') {
            names.add(tab.name)
          } else {
            visit(tab.fields)
          }
        }
      } else if ('fields' in field) {
        visit(field.fields)
      }
    }
  }
  visit(fields)
  return names
}
