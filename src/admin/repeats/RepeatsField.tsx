'use client'
import React, { useId } from 'react'

import type { Repeats } from './repeats.js'
import type { RepeatsChoice } from './use-repeats.js'

import { addCalendarDays } from '../../time/local-time.js'
import { MAX_OCCURRENCES } from '../../time/recurrence.js'
import { WEEKDAYS } from '../../time/weekdays.js'
import { useFormatters } from '../shared/use-formatters.js'
import { useReserveTranslation } from '../shared/use-reserve-translation.js'
import { SeriesOccurrences } from './SeriesOccurrences.js'
import './repeats-field.css'

/** A Monday: the weekdays' short names are those of the week after it. */
const A_MONDAY = '2024-01-01'

/** A number typed into a field, NaN while it is empty (the series waits for a whole number). */
const typedNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * "Repeats…": once, daily or weekly on chosen weekdays, every so many days or weeks, a number
 * of times or up to a day, the options of a series booking; once it repeats, its occurrences
 * with those already taken.
 */
export const RepeatsField: React.FC<{ choice: RepeatsChoice; timezone: string }> = ({ choice, timezone }) => {
  const { t } = useReserveTranslation()
  const format = useFormatters(timezone)
  const ids = { ends: useId(), every: useId(), frequency: useId() }
  const { change, repeats } = choice
  const { frequency } = repeats
  const number = (value: number) => (Number.isNaN(value) ? '' : String(value))
  // Closed, it is one line: most bookings happen once.
  if (frequency === 'none') {
    return (
      <button className="rl-quick__more rl-repeats__open" onClick={() => change({ frequency: 'weekly' })} type="button">
        {t('repeatsOpen')}
      </button>
    )
  }
  return (
    <div className="rl-repeats">
      <div className="rl-quick__field">
        <label htmlFor={ids.frequency}>{t('repeats')}</label>
        <select
          // Opened by its button, the choice of how it repeats is next.
          autoFocus
          id={ids.frequency}
          onChange={(event) => change({ frequency: event.target.value as Repeats['frequency'] })}
          value={frequency}
        >
          <option value="none">{t('repeatsNone')}</option>
          <option value="daily">{t('repeatsDaily')}</option>
          <option value="weekly">{t('repeatsWeekly')}</option>
        </select>
      </div>
      <div className="rl-repeats__row">
        <label htmlFor={ids.every}>{t('repeatsEvery')}</label>
        <input
          className="rl-repeats__number"
          id={ids.every}
          max={MAX_OCCURRENCES}
          min={1}
          onChange={(event) => change({ interval: typedNumber(event.target.value) })}
          type="number"
          value={number(repeats.interval)}
        />
        <span>{frequency === 'daily' ? t('repeatsEveryDays') : t('repeatsEveryWeeks')}</span>
      </div>
      {frequency === 'weekly' && (
        <fieldset className="rl-repeats__days">
          <legend>{t('repeatsOn')}</legend>
          {WEEKDAYS.map((day, index) => (
            <label className="rl-repeats__day" key={day}>
              <input
                aria-label={t(`weekday_${day}`)}
                checked={repeats.byWeekday.includes(day)}
                onChange={(event) =>
                  change({
                    byWeekday: event.target.checked ? [...repeats.byWeekday, day] : repeats.byWeekday.filter((one) => one !== day),
                  })
                }
                type="checkbox"
              />
              {format.weekday(addCalendarDays(A_MONDAY, index))}
            </label>
          ))}
        </fieldset>
      )}
      <div className="rl-repeats__row">
        <label htmlFor={ids.ends}>{t('repeatsEnds')}</label>
        <select id={ids.ends} onChange={(event) => change({ ends: event.target.value as Repeats['ends'] })} value={repeats.ends}>
          <option value="count">{t('repeatsEndsCount')}</option>
          <option value="until">{t('repeatsEndsUntil')}</option>
        </select>
        {repeats.ends === 'count' ? (
          <input
            aria-label={t('repeatsCount')}
            className="rl-repeats__number"
            max={MAX_OCCURRENCES}
            min={1}
            onChange={(event) => change({ count: typedNumber(event.target.value) })}
            type="number"
            value={number(repeats.count)}
          />
        ) : (
          <input
            aria-label={t('repeatsUntil')}
            onChange={(event) => change({ until: event.target.value })}
            type="date"
            value={repeats.until}
          />
        )}
      </div>
      <SeriesOccurrences free={choice.free} preview={choice.preview} timezone={timezone} />
    </div>
  )
}
