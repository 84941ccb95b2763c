// Durable writes: a file's bytes, or a folder's entries (a file created or renamed in it), on disk rather than only
// in the system's cache, so a crash of the machine after this keeps them.
import {closeSync, fsyncSync, openSync} from 'node:fs'

/** Syncs `path` (a file or a folder) to disk. */
export function syncToDisk(path: string) {
  const descriptor = openSync(path, 'r')
  try {
    fsyncSync(descriptor)
  } finally {
    closeSync(descriptor)
  }
}
