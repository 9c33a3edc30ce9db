import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { freePort } from './free-port.js'

/** The nats-server binary the cluster suite starts its nodes from. */
export const NATS_SERVER = process.env.RESERVE_NATS_SERVER ?? 'nats-server'

export const natsServerInstalled = (): boolean => spawnSync(NATS_SERVER, ['--version']).status === 0

interface Node {
  args: string[]
  name: string
  process?: ChildProcess
  url: string
}

/** A JetStream cluster of nats-server processes on loopback ports, each with its own store directory. */
export interface NatsCluster {
  /** Kills the named node with SIGKILL and waits until it is gone. */
  kill(name: string): Promise<void>
  names: string[]
  /** Process ids of the nodes running now (a benchmark reads their CPU time from /proc). */
  pids(): number[]
  /** Starts the named node again on its ports and store directory. */
  restart(name: string): Promise<void>
  servers: string[]
  stop(): Promise<void>
  /** The stream's leader and replicas as the cluster reports them. */
  streamCluster(stream: string): Promise<{ leader?: string; replicas: { current: boolean; name: string }[] }>
}

const launch = (node: Node): void => {
  const child = spawn(NATS_SERVER, node.args, { stdio: ['ignore', 'ignore', 'pipe'] })
  child.stderr!.resume()
  node.process = child
}

const waitForJetStream = async (servers: string[]): Promise<void> => {
  // Generous: a node restarting under load recovers its store before JetStream answers.
  const deadline = Date.now() + 60_000
  for (;;) {
    try {
      const nc = await connect({ servers, timeout: 1_000 })
      try {
        // Answers only once the cluster has elected its meta leader.
        await (await jetstreamManager(nc, { timeout: 1_000 })).getAccountInfo()
        return
      } finally {
        await nc.close()
      }
    } catch (error) {
      if (Date.now() > deadline) {
        throw error
      }
      await sleep(250)
    }
  }
}

/** Starts `size` nodes routed to each other and waits until JetStream answers. */
export const startNatsCluster = async (size = 3): Promise<NatsCluster> => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'reserve-nats-'))
  const ports = await Promise.all(Array.from({ length: size * 2 }, () => freePort()))
  const routes = ports.slice(size).map((port) => `nats://127.0.0.1:${port}`).join(',')
  const nodes: Node[] = Array.from({ length: size }, (_, i) => {
    const name = `node-${i}`
    return {
      args: [
        '-a', '127.0.0.1', '-p', String(ports[i]), '-n', name, '-js', '-sd', path.join(base, name),
        '--cluster_name', 'reserve-test', '--cluster', `nats://127.0.0.1:${ports[size + i]}`, '--routes', routes,
      ],
      name,
      url: `nats://127.0.0.1:${ports[i]}`,
    }
  })
  nodes.forEach(launch)
  const servers = nodes.map(({ url }) => url)
  const byName = (name: string): Node => {
    const node = nodes.find((candidate) => candidate.name === name)
    if (!node) {
      throw new Error(`No node ${name} in the cluster`)
    }
    return node
  }
  const stopNode = async (node: Node, signal: NodeJS.Signals) => {
    const child = node.process
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      await exited
    }
    node.process = undefined
  }
  await waitForJetStream(servers)
  return {
    kill: (name) => stopNode(byName(name), 'SIGKILL'),
    names: nodes.map(({ name }) => name),
    pids: () => nodes.flatMap(({ process }) => (process?.pid === undefined ? [] : [process.pid])),
    async restart(name) {
      launch(byName(name))
      await waitForJetStream([byName(name).url])
    },
    servers,
    async stop() {
      await Promise.all(nodes.map((node) => stopNode(node, 'SIGTERM')))
      await rm(base, { force: true, recursive: true })
    },
    async streamCluster(stream) {
      const nc = await connect({ servers, timeout: 2_000 })
      try {
        const { cluster } = await (await jetstreamManager(nc, { timeout: 2_000 })).streams.info(stream)
        const replicas = (cluster?.replicas ?? []).map(({ current, name }) => ({ current, name }))
        return { leader: cluster?.leader, replicas: cluster?.leader ? [{ current: true, name: cluster.leader }, ...replicas] : replicas }
      } finally {
        await nc.close()
      }
    },
  }
}
