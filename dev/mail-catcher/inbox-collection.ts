/*
 * The demo's inbox: every e-mail the dev app sends, caught instead of delivered. Only admins read
 * it, because a guest's booking mail holds their cancellation token; nobody writes it but the
 * mail catcher (through the local API, past access).
 */
import type { Access, CollectionConfig } from 'payload'

export const INBOX_SLUG = 'inbox'

type Texts = { html: string; plural: string; sentAt: string; singular: string; subject: string; text: string; to: string }

// The dev app's admin languages (payload.config.ts), so the inbox reads in each of them.
const TEXTS: Record<'ar' | 'de' | 'en' | 'es' | 'fa' | 'fr' | 'id' | 'pl' | 'ru' | 'tr' | 'zh', Texts> = {
  ar: { html: 'HTML', plural: 'صندوق البريد', sentAt: 'أُرسل في', singular: 'رسالة', subject: 'الموضوع', text: 'النص', to: 'إلى' },
  de: { html: 'HTML', plural: 'Posteingang', sentAt: 'Gesendet am', singular: 'E-Mail', subject: 'Betreff', text: 'Text', to: 'An' },
  en: { html: 'HTML', plural: 'Mail inbox', sentAt: 'Sent at', singular: 'Mail', subject: 'Subject', text: 'Text', to: 'To' },
  es: { html: 'HTML', plural: 'Bandeja de correo', sentAt: 'Enviado el', singular: 'Correo', subject: 'Asunto', text: 'Texto', to: 'Para' },
  fa: { html: 'HTML', plural: 'صندوق ایمیل', sentAt: 'زمان ارسال', singular: 'ایمیل', subject: 'موضوع', text: 'متن', to: 'گیرنده' },
  fr: { html: 'HTML', plural: 'Boîte de réception', sentAt: 'Envoyé le', singular: 'E-mail', subject: 'Objet', text: 'Texte', to: 'À' },
  id: { html: 'HTML', plural: 'Kotak surel', sentAt: 'Dikirim pada', singular: 'Surel', subject: 'Subjek', text: 'Teks', to: 'Kepada' },
  pl: { html: 'HTML', plural: 'Skrzynka pocztowa', sentAt: 'Wysłano', singular: 'Wiadomość', subject: 'Temat', text: 'Treść', to: 'Do' },
  ru: { html: 'HTML', plural: 'Почтовый ящик', sentAt: 'Отправлено', singular: 'Письмо', subject: 'Тема', text: 'Текст', to: 'Кому' },
  tr: { html: 'HTML', plural: 'Posta kutusu', sentAt: 'Gönderilme', singular: 'E-posta', subject: 'Konu', text: 'Metin', to: 'Alıcı' },
  zh: { html: 'HTML', plural: '邮件收件箱', sentAt: '发送时间', singular: '邮件', subject: '主题', text: '正文', to: '收件人' },
}

const label = (key: keyof Texts): Record<string, string> =>
  Object.fromEntries(Object.entries(TEXTS).map(([language, texts]) => [language, texts[key]]))

const adminsOnly: Access = ({ req: { user } }) => user?.collection === 'users' && user.role === 'admin'
const nobody: Access = () => false

export const inboxCollection: CollectionConfig = {
  slug: INBOX_SLUG,
  access: { create: nobody, delete: adminsOnly, read: adminsOnly, update: nobody },
  admin: { defaultColumns: ['sentAt', 'to', 'subject'], useAsTitle: 'subject' },
  defaultSort: '-sentAt',
  fields: [
    { name: 'to', type: 'text', label: label('to'), required: true },
    { name: 'subject', type: 'text', label: label('subject') },
    { name: 'text', type: 'textarea', label: label('text') },
    { name: 'html', type: 'textarea', label: label('html') },
    { name: 'sentAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } }, index: true, label: label('sentAt'), required: true },
  ],
  labels: { plural: label('plural'), singular: label('singular') },
}
