import type { Endpoint } from 'payload'

import { openApiDocument } from './openapi-document.js'

/**
 * GET /api/reserve/openapi.json: the OpenAPI 3.1 document of these endpoints, public. Generating
 * it takes milliseconds of CPU (every schema through `z.toJSONSchema`) and its only input is the
 * host's API route, so it is generated once per route, not per request.
 */
export const openApiEndpoint = (): Endpoint => {
  const documents = new Map<string, Record<string, unknown>>()
  return {
    handler: (req) => {
      const apiRoute = req.payload.config.routes.api
      const document = documents.get(apiRoute) ?? openApiDocument(apiRoute)
      documents.set(apiRoute, document)
      return Response.json(document)
    },
    method: 'get',
    path: '/reserve/openapi.json',
  }
}
