import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Next locks its build folder per server; the dev-server test runs its own beside a developer's.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // One copy of Payload for pages and API routes. Bundled, the production build gets two, and when
  // a page boots Payload first, the API routes' error handler no longer knows the plugin's
  // ValidationError: a refusal loses its reason (`data.errors`), e.g. why a cancel is refused.
  serverExternalPackages: ['payload'],
}

export default withPayload(nextConfig)
