import type { Shade } from '../shared/capacity.js'
import type { ReserveT } from '../shared/use-reserve-translation.js'

/** A shade's tooltip: what it means, with the reason of time off and a full pool added. */
export const shadeTitle = (shade: Shade, t: ReserveT): string => {
  const labels: Record<Shade['kind'], string> = {
    closed: t('shadeClosed'),
    free: t('shadeFree'),
    full: t('shadeFull'),
    partial: t('shadePartial'),
    'time-off': shade.reason ? `${t('shadeTimeOff')}: ${shade.reason}` : t('shadeTimeOff'),
  }
  return shade.poolFull ? `${labels[shade.kind]} · ${t('shadePoolFull')}` : labels[shade.kind]
}
