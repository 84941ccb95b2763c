// How deeply a JSON value nests, measured without recursion so that no value can exhaust the stack.

/**
 * The number of nested objects and arrays on the deepest path of `value` (0 for a scalar, 1 for an object of
 * scalars), counted only up to `limit + 1`: a deeper value is not walked further.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0
  const pending: [unknown, number][] = [[value, 1]]
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number]
    if (typeof current !== 'object' || current === null) continue
    deepest = Math.max(deepest, depth)
    if (deepest > limit) return deepest
    for (const child of Object.values(current)) pending.push([child, depth + 1])
  }
  return deepest
}
