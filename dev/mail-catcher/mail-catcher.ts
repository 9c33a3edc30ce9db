/*
 * A Payload e-mail adapter for the demo: it delivers nothing and keeps every message in the
 * inbox collection, so the plugin's mails (and their links) can be read in the admin.
 */
import type { EmailAdapter, SendEmailOptions } from 'payload'

import { INBOX_SLUG } from './inbox-collection.js'

type Recipient = NonNullable<SendEmailOptions['to']>

const addresses = (to: Recipient | undefined): string =>
  (Array.isArray(to) ? to : to === undefined ? [] : [to]).map((one) => (typeof one === 'string' ? one : one.address)).join(', ')

/** Nodemailer allows buffers and streams too; the plugin's mails, like most, are strings. */
const content = (body: SendEmailOptions['text']): null | string =>
  typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : null

export const mailCatcher: EmailAdapter = ({ payload }) => ({
  name: 'mail-catcher',
  defaultFromAddress: 'bookings@demo-clinic.example',
  defaultFromName: 'Demo clinic',
  sendEmail: async (message) => {
    await payload.create({
      collection: INBOX_SLUG,
      data: {
        html: content(message.html),
        sentAt: new Date().toISOString(),
        subject: message.subject ?? '',
        text: content(message.text),
        to: addresses(message.to),
      },
      overrideAccess: true,
    })
  },
})
