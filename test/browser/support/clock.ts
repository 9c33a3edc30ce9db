import { plain } from './quick-create.js'
import { TIMEZONE } from './rest.js'

/** `2:00 PM` in the plugin's zone, as the admin writes a time in English. */
export const clock = (iso: string): string =>
  plain(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: TIMEZONE }).format(new Date(iso)))
