import type { StressResult } from '../../support/stress-node.js'

import { type SpawnedNode, spawnNode } from '../../support/spawn-node.js'

export interface StressNode extends SpawnedNode {
  /** The "result" line of the stress scenario, parsed. */
  result(timeoutMs?: number): Promise<StressResult>
}

/** Starts test/support/stress-node.ts in its own OS process with the given NODE_* settings. */
export const spawnStressNode = (settings: Record<string, string>): StressNode => {
  const node = spawnNode('test/support/stress-node.ts', settings)
  return {
    ...node,
    result: async (timeoutMs) => JSON.parse((await node.waitFor('result ', timeoutMs)).slice('result '.length)) as StressResult,
  }
}
