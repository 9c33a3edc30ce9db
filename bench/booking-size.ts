/**
 * `npx tsx bench/booking-size.ts [DIST_DIR]`: the booking kit's weight in the demo's production
 * build, the gzip size of the browser chunks the public pages (`dev/app/(site)`) load for the
 * package's own modules (the kit and the API client), plus the largest language's strings (each
 * language is its own chunk, loaded on demand). React and Next's runtime are excluded:
 * they are the build's root files, which every page loads whatever it shows. Without DIST_DIR it
 * first builds the demo into `dev/.next/booking-size`; with it, it measures that build (relative
 * to `dev/`, e.g. `.next/browser-tests` after the browser suite).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

interface ClientManifest {
  clientModules: Record<string, { chunks: string[] }>
}

export interface KitSize {
  /** gzip bytes of each counted chunk, by its URL. */
  chunks: Record<string, number>
  gzipBytes: number
  /** The largest of the languages' strings, loaded on demand (one per visitor), counted in `chunks`. */
  languageChunk: null | string
  /** The counted chunks each public page loads, by route. */
  pages: Record<string, string[]>
}

/** The client-reference manifests of the demo's public pages, by route. */
const siteManifests = (buildDir: string): Record<string, ClientManifest> => {
  const found: Record<string, ClientManifest> = {}
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        walk(file)
      } else if (entry.name === 'page_client-reference-manifest.js') {
        // The manifest is a script that assigns to `globalThis.__RSC_MANIFEST`.
        const scope = { __RSC_MANIFEST: {} as Record<string, ClientManifest> }
        new Function('globalThis', fs.readFileSync(file, 'utf8'))(scope)
        Object.assign(found, scope.__RSC_MANIFEST)
      }
    }
  }
  walk(path.join(buildDir, 'server/app/(site)'))
  return found
}

/**
 * Every chunk a public page loads for a module of the package (in the demo the package resolves
 * to `src/`), each counted once however many pages load it.
 */
export const bookingKitSize = (distDir: string): KitSize => {
  const buildDir = path.resolve(root, 'dev', distDir)
  const { rootMainFiles } = JSON.parse(fs.readFileSync(path.join(buildDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] }
  const framework = new Set(rootMainFiles.map((file) => `/_next/${file}`))
  const chunks: Record<string, number> = {}
  const pages: Record<string, string[]> = {}
  for (const [page, manifest] of Object.entries(siteManifests(buildDir))) {
    const loaded = new Set<string>()
    for (const [id, { chunks: files }] of Object.entries(manifest.clientModules)) {
      if (id.startsWith('[project]/src/')) {
        files.filter((file) => !framework.has(file)).forEach((file) => loaded.add(file))
      }
    }
    for (const file of loaded) {
      chunks[file] ??= zlib.gzipSync(fs.readFileSync(path.join(buildDir, file.replace(/^\/_next\//, ''))), { level: 9 }).length
    }
    pages[page] = [...loaded]
  }
  // Each language's strings are a chunk loaded on demand (`load-texts.ts`): a visitor gets one,
  // so the largest counts. They are the chunks holding the strings' keys outside those above.
  const chunkDir = path.join(buildDir, 'static/chunks')
  const language = fs
    .readdirSync(chunkDir)
    .map((file) => `/_next/static/chunks/${file}`)
    .filter((file) => file.endsWith('.js') && !(file in chunks) && /\bholdExpired:/.test(fs.readFileSync(path.join(buildDir, file.replace(/^\/_next\//, '')), 'utf8')))
    .map((file) => ({ file, size: zlib.gzipSync(fs.readFileSync(path.join(buildDir, file.replace(/^\/_next\//, ''))), { level: 9 }).length }))
    .sort((a, b) => b.size - a.size)[0]
  if (language) {
    chunks[language.file] = language.size
  }
  return { chunks, gzipBytes: Object.values(chunks).reduce((sum, size) => sum + size, 0), languageChunk: language?.file ?? null, pages }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let distDir = process.argv[2]
  if (!distDir) {
    distDir = '.next/booking-size'
    const built = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build', 'dev'], {
      cwd: root,
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: 'inherit',
    })
    if (built.status !== 0) {
      process.exit(built.status ?? 1)
    }
  }
  const size = bookingKitSize(distDir)
  console.log(JSON.stringify({ chunks: size.chunks, pages: size.pages }, null, 2))
  console.log(`booking kit and API client: ${(size.gzipBytes / 1000).toFixed(1)} kB gzip, loaded by ${Object.keys(size.pages).length} public pages`)
}
