'use client'
import { useTranslation } from '@payloadcms/ui'
import { useMemo } from 'react'

/** Dates, times and amounts in the admin's language; times in the plugin's time zone. */
export interface Formatters {
  /** `Montag, 23. November 2026` */
  dateLong(date: string): string
  /** `23.11.2026, 10:30` */
  dateTime(iso: number | string): string
  /** `23. Nov. 2026`: the local date of an instant. */
  dayOf(iso: number | string): string
  /** `Mo., 23.` */
  dayHeader(date: string): string
  /** `23` */
  dayNumber(date: string): string
  /** `7 Std., 30 Min.`: minutes as whole hours and minutes. */
  duration(minutes: number): string
  /** `November 2026` */
  month(date: string): string
  percent(ratio: number): string
  /** `23. Nov.`: a short date without the weekday. */
  shortDate(date: string): string
  /** `10:30` */
  time(iso: number | string): string
  /** `Mo.` */
  weekday(date: string): string
  /** `Mo., 23. Nov. 2026, 10:30 MEZ`: an instant with the zone named, where no page heading names it. */
  weekdayDateTimeZone(iso: number | string): string
  /** `Di., 24. Nov., 10:30`: an instant by weekday, day and time, as the history tells a move. */
  weekdayTime(iso: number | string): string
}

/** A calendar date as an instant that is that date in UTC, so formatting it never shifts it. */
const noonUtc = (date: string): number => Date.parse(`${date}T12:00:00.000Z`)

export const useFormatters = (timeZone: string): Formatters => {
  const { i18n } = useTranslation()
  const language = i18n.language
  return useMemo(() => {
    // Gregorian in every language: the grids are Gregorian, and `fa` would default to Persian.
    const locale = `${language}-u-ca-gregory`
    const inZone = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone })
    const ofDate = (options: Intl.DateTimeFormatOptions) => {
      const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
      return (date: string) => format.format(noonUtc(date))
    }
    const time = inZone({ hour: 'numeric', minute: '2-digit' })
    const dateTime = inZone({ dateStyle: 'medium', timeStyle: 'short' })
    const dayOf = inZone({ dateStyle: 'medium' })
    const weekdayDateTimeZone = inZone({
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      month: 'short',
      timeZoneName: 'short',
      weekday: 'short',
      year: 'numeric',
    })
    const weekdayTime = inZone({ day: 'numeric', hour: 'numeric', minute: '2-digit', month: 'short', weekday: 'short' })
    const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour' })
    const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute' })
    const units = new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' })
    const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, style: 'percent' })
    return {
      dateLong: ofDate({ day: 'numeric', month: 'long', weekday: 'long', year: 'numeric' }),
      dateTime: (iso) => dateTime.format(new Date(iso)),
      dayOf: (iso) => dayOf.format(new Date(iso)),
      dayHeader: ofDate({ day: 'numeric', weekday: 'short' }),
      dayNumber: ofDate({ day: 'numeric' }),
      duration: (amount) => {
        const whole = Math.round(amount)
        const [h, m] = [Math.floor(whole / 60), whole % 60]
        return h > 0 && m > 0 ? units.format([hours.format(h), minutes.format(m)]) : m > 0 ? minutes.format(m) : hours.format(h)
      },
      month: ofDate({ month: 'long', year: 'numeric' }),
      percent: (ratio) => percent.format(ratio),
      shortDate: ofDate({ day: 'numeric', month: 'short' }),
      time: (iso) => time.format(new Date(iso)),
      weekday: ofDate({ weekday: 'short' }),
      weekdayDateTimeZone: (iso) => weekdayDateTimeZone.format(new Date(iso)),
      weekdayTime: (iso) => weekdayTime.format(new Date(iso)),
    }
  }, [language, timeZone])
}
