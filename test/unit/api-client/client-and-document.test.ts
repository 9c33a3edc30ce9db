import { z } from 'zod'
import { describe, expect, it } from 'vitest'

import { createReserveClient } from '../../../src/api-client/create-reserve-client.js'
import { ENDPOINT_SCHEMAS, type EndpointSchema } from '../../../src/contract/endpoint-schemas.js'
import { ENDPOINTS, type EndpointName } from '../../../src/contract/endpoints.js'
import { openApiDocument } from '../../../src/plugin/features/openapi/openapi-document.js'

type Json = Record<string, any>

const document = openApiDocument('/api') as { paths: Record<string, Record<string, Json>> }

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ method, name: operation.operationId as EndpointName, operation, path })),
)

const client = createReserveClient({ baseUrl: '/api' })

/** The names of an object schema's keys, each marked required or optional. */
const keysOf = (schema: z.ZodObject | undefined): Record<string, boolean> =>
  Object.fromEntries(Object.entries(schema?.shape ?? {}).map(([key, field]) => [key, !(field as z.ZodType).safeParse(undefined).success]))

describe('the client and the OpenAPI document', () => {
  it('every operation of the document has a client function of its operationId, with its method and path, and no function is left over', () => {
    expect(operations.map(({ name }) => name).sort()).toEqual(Object.keys(client).sort())
    for (const { method, name, path } of operations) {
      expect(`${ENDPOINTS[name].method} /api${ENDPOINTS[name].path}`, name).toBe(`${method.toUpperCase()} ${path}`)
    }
  })

  it.each(operations)("$name: the document's path and query parameters are the client's, required alike", ({ name, operation }) => {
    const schemas: EndpointSchema = ENDPOINT_SCHEMAS[name]
    const described = (where: string) =>
      Object.fromEntries((operation.parameters ?? []).filter((parameter: Json) => parameter.in === where).map((parameter: Json) => [parameter.name, parameter.required]))
    expect(described('path')).toEqual(keysOf(schemas.params))
    expect(described('query')).toEqual(keysOf(schemas.query))
  })

  it.each(operations)("$name: the document's request body has the fields of the client's (of one, where it takes several), required alike", ({ name, operation }) => {
    const schemas: EndpointSchema = ENDPOINT_SCHEMAS[name]
    const body = operation.requestBody?.content['application/json'].schema
    expect(operation.requestBody?.required).toBe(schemas.body?.required)
    const fields = (schema: Json | undefined) => Object.fromEntries(Object.keys(schema?.properties ?? {}).map((key) => [key, (schema!.required ?? []).includes(key)]))
    const clients = schemas.body ? (z.toJSONSchema(schemas.body.schema, { io: 'input' }) as Json) : undefined
    const candidates = clients?.anyOf ?? [clients]
    expect(candidates.map(fields)).toContainEqual(fields(body))
  })
})
