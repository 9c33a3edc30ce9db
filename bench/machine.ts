import os from 'node:os'

/** The machine a result was measured on, as every results file records it. */
export const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cpus: os.cpus().length,
  memory_gb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
}
