const WIDTH = 30

/** `[##########....................]  120/360 documents` */
export const progressBar = (done: number, total: number, unit: string): string => {
  const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH)
  return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} ${unit}`
}

/** Where a bar is drawn: stderr, or anything that writes text and says whether it is a terminal. */
export interface ProgressOutput {
  isTTY?: boolean
  write(text: string): unknown
}

/**
 * Draws progress on `stream`: redrawn in place on a terminal, else one line per tenth and the
 * last (a log file should not get a line per document). `last` says the work is done; by
 * default, when `done` reaches `total` (a caller whose total grows as it goes says it itself).
 */
export const progressPrinter = (stream: ProgressOutput, label: string, unit: string) => {
  let lastTenth = -1
  let lastLine = ''
  return (done: number, total: number, last = done === total): void => {
    const line = `${label}: ${progressBar(done, total, unit)}`
    if (stream.isTTY) {
      stream.write(`\r${line}${last ? '\n' : ''}`)
      return
    }
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10)
    if (tenth !== lastTenth || (last && line !== lastLine)) {
      lastTenth = tenth
      lastLine = line
      stream.write(`${line}\n`)
    }
  }
}
