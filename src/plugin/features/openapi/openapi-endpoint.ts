import type { Endpoint } from 'payload'

import { openApiDocument } from './openapi-document.js'

/** GET /api/reserve/openapi.json: the OpenAPI 3.1 document of these endpoints, public. */
export const openApiEndpoint = (): Endpoint => ({
  handler: (req) => Response.json(openApiDocument(req.payload.config.routes.api)),
  method: 'get',
  path: '/reserve/openapi.json',
})
