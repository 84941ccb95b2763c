// What a stored document is, and the id rules the lake shares with Sanity's Content Lake.

export type StoredDocument = {
  _id: string
  _type: string
  _rev: string
  _createdAt: string
  _updatedAt: string
  [field: string]: unknown
}

export const DRAFTS_PREFIX = 'drafts.'

/** Sanity's document ids: letters, digits, `_`, `-` and `.` path separators, at most 128 characters. */
const validId = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,127}$/

export const isValidId = (id: string) => validId.test(id) && !id.includes('..') && !id.endsWith('.')

/** Ids with a dot (drafts, versions) are private: only a request with a token sees them. */
export const isPrivateId = (id: string) => id.includes('.')

export const isDraftId = (id: string) => id.startsWith(DRAFTS_PREFIX)

/** A document in a content release, `versions.<release>.<id>`. */
export const isVersionId = (id: string) => id.startsWith('versions.')

export const publishedIdOf = (id: string) => (isDraftId(id) ? id.slice(DRAFTS_PREFIX.length) : id)
