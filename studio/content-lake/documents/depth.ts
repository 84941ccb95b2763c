// Sanity allows documents 20 levels of attributes (https://www.sanity.io/docs/content-lake/technical-limits);
// mutations measure with the kit's nestingDepth, a start's check of every stored document with `nestsDeeperThan`.

/** Sanity's "maximum attribute nesting depth". */
export const MAX_DOCUMENT_DEPTH = 20

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (as the kit's nestingDepth counts them).
 * Recursive, as the walk of every document at a start must be cheap: it never goes past `limit + 1` levels, so the
 * stack stays shallow whatever the value.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (limit === 0) return true
  if (Array.isArray(value)) {
    for (const item of value) if (nestsDeeperThan(item, limit - 1)) return true
    return false
  }
  for (const item of Object.values(value)) if (nestsDeeperThan(item, limit - 1)) return true
  return false
}
