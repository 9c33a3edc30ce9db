/** Kept free between a popover and the screen's edges, and between it and its anchor. */
export const POPOVER_MARGIN = 8

export interface Box {
  bottom: number
  left: number
  right: number
  top: number
}

const clamp = (value: number, low: number, high: number): number => Math.max(low, Math.min(value, Math.max(low, high)))

/**
 * Where a popover of `size` sits beside `anchor`, in viewport coordinates: after it in the
 * reading direction (right, or left in RTL), else before it, else centred below it, else above;
 * always inside the viewport, its top edge winning where it is taller than the screen.
 */
export const placePopover = (
  anchor: Box,
  size: { height: number; width: number },
  viewport: { height: number; width: number },
  rtl: boolean,
): { left: number; top: number } => {
  const { height, width } = size
  const after = rtl ? anchor.left - POPOVER_MARGIN - width : anchor.right + POPOVER_MARGIN
  const before = rtl ? anchor.right + POPOVER_MARGIN : anchor.left - POPOVER_MARGIN - width
  const fits = (left: number) => left >= POPOVER_MARGIN && left + width <= viewport.width - POPOVER_MARGIN
  const lowest = viewport.height - height - POPOVER_MARGIN
  const side = fits(after) ? after : fits(before) ? before : null
  if (side !== null) {
    return { left: side, top: clamp(anchor.top, POPOVER_MARGIN, lowest) }
  }
  const left = clamp((anchor.left + anchor.right) / 2 - width / 2, POPOVER_MARGIN, viewport.width - width - POPOVER_MARGIN)
  const below = anchor.bottom + POPOVER_MARGIN
  return { left, top: below <= lowest ? below : clamp(anchor.top - POPOVER_MARGIN - height, POPOVER_MARGIN, lowest) }
}
