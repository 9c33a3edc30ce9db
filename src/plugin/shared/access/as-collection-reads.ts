import type { CollectionSlug, JsonObject, PayloadRequest } from 'payload'

import { afterReadTraverseFields } from 'payload'

/**
 * A document of `collection` as the collection's read hands it to the requester: hidden fields
 * and the fields their field-level read access refuses removed, the fields' and the
 * collection's afterRead hooks run, relationships left as ids (depth 0). For a document the
 * collection does not store as it is (a reservation as it was), so that an endpoint answers
 * no more of it than the REST read of the collection would. `doc` is left as it was.
 */
export const asCollectionReads = async (req: PayloadRequest, collection: CollectionSlug, doc: JsonObject): Promise<JsonObject> => {
  const config = req.payload.collections[collection].config
  const read = structuredClone(doc)
  const fieldPromises: Promise<void>[] = []
  const populationPromises: Promise<void>[] = []
  afterReadTraverseFields({
    collection: config,
    context: req.context,
    currentDepth: 1,
    depth: 0,
    doc: read,
    draft: false,
    fallbackLocale: req.fallbackLocale ?? null,
    fieldPromises,
    fields: config.fields,
    findMany: true,
    flattenLocales: true,
    global: null,
    locale: req.locale ?? null,
    overrideAccess: false,
    parentIndexPath: '',
    parentPath: '',
    parentSchemaPath: '',
    populationPromises,
    req,
    showHiddenFields: false,
    siblingDoc: read,
  })
  // A field hook may add promises of its own: awaited until none is left, as Payload's read does.
  while (fieldPromises.length > 0 || populationPromises.length > 0) {
    await Promise.all(fieldPromises.splice(0))
    await Promise.all(populationPromises.splice(0))
  }
  let result = read
  for (const hook of config.hooks?.afterRead ?? []) {
    result = (await hook({ collection: config, context: req.context, doc: result, findMany: true, overrideAccess: false, req })) ?? result
  }
  return result
}

/** The top-level fields of `doc` that the collection's read of it (see `asCollectionReads`) hides from the requester. */
export const fieldsHiddenFrom = async (req: PayloadRequest, collection: CollectionSlug, doc: JsonObject): Promise<Set<string>> => {
  const read = await asCollectionReads(req, collection, doc)
  return new Set(Object.keys(doc).filter((field) => !(field in read)))
}
