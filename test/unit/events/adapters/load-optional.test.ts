import { describe, expect, it } from 'vitest'

import { loadOptional } from '../../../../src/events/adapters/load-optional.js'

/** A name no registry package of this repository's tree has: what a site that skipped the install sees. */
const ABSENT = 'payload-reserve-ledger-absent-client'

describe('loadOptional', () => {
  it('loads the packages a store needs, in order', async () => {
    const [jetstream, transport] = await loadOptional<[typeof import('@nats-io/jetstream'), typeof import('@nats-io/transport-node')]>(
      'The JetStream store',
      ['@nats-io/jetstream', '@nats-io/transport-node'],
    )
    expect(typeof jetstream.jetstream).toBe('function')
    expect(typeof transport.connect).toBe('function')
  })

  it('names a package that is not installed and the command that installs it', async () => {
    await expect(loadOptional('The EventStoreDB store', [ABSENT])).rejects.toThrow(
      new Error(`The EventStoreDB store needs ${ABSENT}: npm install ${ABSENT}`),
    )
  })

  it('gives the install command the range a spec names, and the package its name', async () => {
    await expect(loadOptional('The JetStream store', [`@scope/${ABSENT}@~3.3.1`, '@nats-io/jetstream@~3.3.1'])).rejects.toThrow(
      new Error(`The JetStream store needs @scope/${ABSENT}: npm install @scope/${ABSENT}@~3.3.1`),
    )
  })

  it('names every missing package of a store in one message, and none that is installed', async () => {
    await expect(loadOptional('The JetStream store', [`${ABSENT}-a`, '@nats-io/jetstream', `${ABSENT}-b`])).rejects.toThrow(
      new Error(`The JetStream store needs ${ABSENT}-a and ${ABSENT}-b: npm install ${ABSENT}-a ${ABSENT}-b`),
    )
  })
})
