// A stored document for the store's and the query workers' tests: an id, a type, the system fields, and `fields`.
import type {StoredDocument} from '../documents/documents.ts'

export const storedDocument = (
  id: string,
  fields: Record<string, unknown> = {},
): StoredDocument => ({
  _id: id,
  _type: 'plan',
  _rev: 'r',
  _createdAt: '',
  _updatedAt: '',
  ...fields,
})
