// Results kept by what they were made from, for a process that renders the same pages again and again (the publish
// hook's render process): a publish that did not change an image does not pay for it again. The oldest is dropped
// first. A promise is kept, so renders asking at the same time share one making; one that fails or makes nothing
// is not kept, and is made again when asked again.
export function keptResults<T>(limit: number) {
  const kept = new Map<string, Promise<T | undefined>>()
  const forget = (key: string, made: Promise<T | undefined>) => {
    if (kept.get(key) === made) kept.delete(key)
  }
  return (key: string, make: () => Promise<T | undefined>): Promise<T | undefined> => {
    const hit = kept.get(key)
    if (hit) return hit
    const made = make()
    kept.set(key, made)
    if (kept.size > limit) kept.delete(kept.keys().next().value!)
    made.then(
      (value) => value === undefined && forget(key, made),
      () => forget(key, made),
    )
    return made
  }
}

/** What names a file's contents for as long as it is not written again: its path, size and modification time. */
export const fileVersion = (file: string, {size, mtimeMs}: {size: number; mtimeMs: number}) =>
  `${file} ${size} ${mtimeMs}`
