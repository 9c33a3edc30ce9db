import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Next locks its build folder per server; the dev-server test runs its own beside a developer's.
  distDir: process.env.NEXT_DIST_DIR || '.next',
}

export default withPayload(nextConfig)
