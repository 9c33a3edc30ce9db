import { z } from 'zod'

import type { Endpoint } from './endpoints.js'

/**
 * Builds an OpenAPI 3.1 document from a route table whose bodies and parameters are zod schemas:
 * the schemas named in `components` become `#/components/schemas/<name>` (and are referenced by
 * name wherever they appear, nested too), every other schema is written inline. JSON Schema
 * comes from `z.toJSONSchema` (draft 2020-12, the dialect of OpenAPI 3.1), read as input: what a
 * client sends or is sent, defaults optional.
 */

type Json = Record<string, unknown>

export interface RouteParameter {
  description: string
  in: 'header' | 'path' | 'query'
  name: string
  required: boolean
  schema: z.ZodType
}

export interface RouteResponse {
  description: string
  /** Refusals: the exact bodies sent, by name. */
  examples?: Record<string, unknown>
  /** `application/json` unless given. */
  mediaType?: string
  /** Several: the body is one of them (`oneOf`). None: the response has no body. */
  schema?: z.ZodType | z.ZodType[]
}

export interface Route {
  description?: string
  method: Endpoint['method']
  operationId: string
  parameters?: RouteParameter[]
  /** Below the host's API route, e.g. `/reserve/book`; path parameters as `{name}`. */
  path: string
  requestBody?: { required: boolean; schema: z.ZodType }
  responses: Record<number, RouteResponse>
  summary: string
}

export interface OpenApiSource {
  components: Record<string, z.ZodType>
  info: { description: string; title: string; version: string }
  routes: Route[]
}

const REF = '#/components/schemas/'

/** zod's integers carry the safe-integer bounds; a document says nothing it need not. */
const dropSafeIntegerBounds = ({ jsonSchema }: { jsonSchema: Json }): void => {
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) {
    delete jsonSchema.maximum
  }
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) {
    delete jsonSchema.minimum
  }
}

const OPTIONS = { io: 'input', override: dropSafeIntegerBounds, target: 'draft-2020-12' } as const

/** A schema of the document without the dialect markers it inherits from the document. */
const bare = ({ $id: _id, $schema: _schema, ...schema }: Json): Json => schema

export const openApiFromRoutes = ({ components, info, routes }: OpenApiSource, apiRoute: string): Json => {
  const registry = z.registry<{ id: string }>()
  const names = new Map<z.ZodType, string>()
  for (const [name, schema] of Object.entries(components)) {
    registry.add(schema, { id: name })
    names.set(schema, name)
  }
  const generated = z.toJSONSchema(registry, { ...OPTIONS, uri: (name) => `${REF}${name}` }).schemas
  const schemas = Object.fromEntries(Object.entries(generated).map(([name, schema]) => [name, bare(schema as Json)]))

  const schemaOf = (schema: z.ZodType): Json => {
    const name = names.get(schema)
    if (name) {
      return { $ref: `${REF}${name}` }
    }
    const inline = bare(z.toJSONSchema(schema, OPTIONS) as Json)
    if ('$defs' in inline) {
      throw new Error('A schema written inline holds a schema of the components: name it in the components too')
    }
    return inline
  }

  const response = ({ description, examples, mediaType = 'application/json', schema }: RouteResponse): Json => {
    if (!schema) {
      return { description }
    }
    const described = Array.isArray(schema) ? { oneOf: schema.map(schemaOf) } : schemaOf(schema)
    const named = examples && Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]))
    return { content: { [mediaType]: { schema: described, ...(named ? { examples: named } : {}) } }, description }
  }

  const operation = (route: Route): Json => ({
    ...(route.description ? { description: route.description } : {}),
    operationId: route.operationId,
    ...(route.parameters
      ? { parameters: route.parameters.map(({ schema, ...parameter }) => ({ ...parameter, schema: schemaOf(schema) })) }
      : {}),
    ...(route.requestBody
      ? { requestBody: { content: { 'application/json': { schema: schemaOf(route.requestBody.schema) } }, required: route.requestBody.required } }
      : {}),
    responses: Object.fromEntries(Object.entries(route.responses).map(([status, described]) => [status, response(described)])),
    summary: route.summary,
  })

  const paths: Record<string, Record<string, Json>> = {}
  for (const route of routes) {
    const path = `${apiRoute}${route.path}`
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) }
  }
  return { components: { schemas }, info, openapi: '3.1.0', paths }
}
