import { GenericContainer, Wait } from 'testcontainers'

const IMAGE = 'mongo:7'
const PORT = 27017

export interface StartedMongo {
  /** URI of a database on the server (on a replica set, `directConnection`: the member's host name is the container's own). */
  databaseUri(name: string): string
  stop(): Promise<void>
}

// Initiates the one-member set unless it already is, then waits until the member is primary.
const INITIATE = `
try { rs.status() } catch (error) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:${PORT}' }] }) }
while (!db.hello().isWritablePrimary) { sleep(100) }
`

/** MongoDB as a single-node replica set: transactions need one. */
export const startMongoReplicaSet = async (): Promise<StartedMongo> => {
  const container = await new GenericContainer(IMAGE)
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(PORT)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(120_000)
    .start()
  const { exitCode, output } = await container.exec(['mongosh', '--quiet', '--eval', INITIATE])
  if (exitCode !== 0) {
    await container.stop()
    throw new Error(`rs.initiate failed (exit ${exitCode}): ${output}`)
  }
  const host = `${container.getHost()}:${container.getMappedPort(PORT)}`
  return {
    databaseUri: (name) => `mongodb://${host}/${name}?directConnection=true`,
    stop: async () => {
      await container.stop()
    },
  }
}

/** MongoDB on its own, not a replica set: no transactions and no change streams. */
export const startMongoStandalone = async (): Promise<StartedMongo> => {
  const container = await new GenericContainer(IMAGE)
    .withExposedPorts(PORT)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(120_000)
    .start()
  const host = `${container.getHost()}:${container.getMappedPort(PORT)}`
  return {
    databaseUri: (name) => `mongodb://${host}/${name}`,
    stop: async () => {
      await container.stop()
    },
  }
}
