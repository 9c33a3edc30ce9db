import type { TestProject } from 'vitest/node'

import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** What `npm pack --json` says of the tarball. */
export interface Packed {
  filename: string
  files: { path: string }[]
  size: number
  unpackedSize: number
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed package, once for every package test: `tarball` is its absolute path. */
    packed: Packed & { tarball: string }
  }
}

const root = path.resolve(import.meta.dirname, '../../..')

/** Packs the package (which builds `dist/`) once, for the package tests to install. */
export default function pack(project: TestProject): () => void {
  const work = mkdtempSync(path.join(os.tmpdir(), 'reserve-pack-'))
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' })
  // `prepack` prints the build's output before npm's JSON.
  const packed = (JSON.parse(output.slice(output.indexOf('[\n'))) as Packed[])[0]
  project.provide('packed', { ...packed, tarball: path.join(work, packed.filename) })
  return () => rmSync(work, { force: true, recursive: true })
}
