/** Where a block sits among the blocks it overlaps: lane `lane` of `lanes` side by side. */
export interface LanePlacement {
  lane: number
  lanes: number
}

interface Block {
  end: number
  id: string
  start: number
}

/**
 * Side-by-side placement of overlapping blocks in one column. Blocks that overlap, directly or
 * through a chain of others, form a cluster sharing one lane count; each block takes the first
 * lane free at its start, so the layout is compact and stable for a given order.
 */
export const overlapLanes = (blocks: Block[]): Map<string, LanePlacement> => {
  const placements = new Map<string, LanePlacement>()
  const sorted = [...blocks].sort((a, b) => a.start - b.start || b.end - a.end)
  let cluster: { block: Block; lane: number }[] = []
  let clusterEnd = -Infinity
  let laneEnds: number[] = []

  const closeCluster = (): void => {
    for (const { block, lane } of cluster) {
      placements.set(block.id, { lane, lanes: laneEnds.length })
    }
    cluster = []
    laneEnds = []
  }

  for (const block of sorted) {
    if (block.start >= clusterEnd) {
      closeCluster()
    }
    let lane = laneEnds.findIndex((end) => end <= block.start)
    if (lane === -1) {
      lane = laneEnds.length
      laneEnds.push(block.end)
    } else {
      laneEnds[lane] = block.end
    }
    cluster.push({ block, lane })
    clusterEnd = Math.max(clusterEnd, block.end)
  }
  closeCluster()
  return placements
}
