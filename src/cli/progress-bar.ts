const WIDTH = 30

/** `[##########....................]  120/360 documents` */
export const progressBar = (done: number, total: number, unit: string): string => {
  const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH)
  return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} ${unit}`
}

/**
 * Draws progress on `stream`: redrawn in place on a terminal, else one line per tenth (a log
 * file should not get a line per document).
 */
export const progressPrinter = (stream: NodeJS.WriteStream, label: string, unit: string) => {
  let lastTenth = -1
  return (done: number, total: number): void => {
    const line = `${label}: ${progressBar(done, total, unit)}`
    if (stream.isTTY) {
      stream.write(`\r${line}${done === total ? '\n' : ''}`)
      return
    }
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10)
    if (tenth !== lastTenth) {
      lastTenth = tenth
      stream.write(`${line}\n`)
    }
  }
}
