// A Content Lake mutation in words, one line per operation, as a dry run lists what a migration would change
// (what `sanity migration run` prints with its own formatter, internal to @sanity/cli).
import type {Mutation} from '@sanity/client'

/** A value as JSON, cut to `max` characters. */
function shown(value: unknown, max = 80) {
  const text = JSON.stringify(value) ?? 'undefined'
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

const DOCUMENT_OPERATIONS = ['create', 'createIfNotExists', 'createOrReplace'] as const

export function describeMutation(mutation: Mutation): string[] {
  for (const operation of DOCUMENT_OPERATIONS) {
    if (operation in mutation) {
      const doc = (mutation as Record<string, {_id?: string; _type?: string}>)[operation]
      return [`${operation} ${doc?._id ?? '(new id)'} (${doc?._type ?? 'no type'}): ${shown(doc)}`]
    }
  }
  if (!('patch' in mutation)) return [`delete ${shown((mutation as {delete: unknown}).delete)}`]
  const {id, query, ...operations} = mutation.patch as {id?: string; query?: string} & Record<
    string,
    unknown
  >
  const lines = Object.entries(operations).flatMap(([operation, value]) => {
    if (operation === 'ifRevisionID') return []
    if (operation === 'unset' && Array.isArray(value)) return [`  unset ${value.join(', ')}`]
    if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      operation !== 'insert'
    )
      return Object.entries(value).map(
        ([path, operand]) => `  ${operation} ${path} = ${shown(operand)}`,
      )
    return [`  ${operation} ${shown(value)}`]
  })
  return [`patch ${id ?? `(query ${query})`}`, ...lines]
}
