import type { CollectionSlug, JsonObject, PayloadRequest, ValidationFieldError } from 'payload'

import { beforeChangeTraverseFields, ValidationError } from 'payload'

/**
 * Runs Payload's own field validation (types, formats, required, select options, lengths, and
 * every `validate` the host added) on the document a ledger decision leads to, before the
 * ledger appends: Payload itself validates only after the collection's `beforeChange` hooks,
 * which is after the append. Throws the `ValidationError` Payload would (400, same messages).
 * Field hooks run here on a copy, and again when Payload saves.
 */
export const validateDocument = async ({
  collection,
  document,
  operation,
  originalDoc,
  req,
}: {
  collection: CollectionSlug
  document: JsonObject
  operation: 'create' | 'update'
  originalDoc?: JsonObject
  req: PayloadRequest
}): Promise<void> => {
  const config = req.payload.collections[collection].config
  const data = structuredClone(document)
  const doc = structuredClone(originalDoc ?? {})
  const errors: ValidationFieldError[] = []
  await beforeChangeTraverseFields({
    collection: config,
    context: req.context,
    data,
    doc,
    docWithLocales: doc,
    errors,
    fieldLabelPath: '',
    fields: config.fields,
    global: null,
    id: originalDoc?.id as number | string | undefined,
    mergeLocaleActions: [],
    operation,
    // Every field of the document is the ledger's to write: validate all of them.
    overrideAccess: true,
    parentIndexPath: '',
    parentIsLocalized: false,
    parentPath: '',
    parentSchemaPath: '',
    req,
    siblingData: data,
    siblingDoc: doc,
    siblingDocWithLocales: doc,
  })
  if (errors.length > 0) {
    throw new ValidationError({ collection, errors, req }, req.t)
  }
}
