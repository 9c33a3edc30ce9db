/** Height of one minute: an hour is 72 px, enough for two lines in a 30-minute booking. */
export const PX_PER_MINUTE = 1.2
/** Clickable cells are never shorter than this, whatever the slot interval. */
export const MIN_CELL_MINUTES = 15

/** Where an instant sits in a column, in px below the instant `top` the column starts at. */
export type Offset = (epoch: number) => number

export const offsetBelow =
  (top: number): Offset =>
  (epoch) =>
    ((epoch - top) / 60_000) * PX_PER_MINUTE
