// Writes a file so that a reader sees the old content or the new, never a half-written file:
// the data goes to a temporary file beside it, which then takes the file's name in one step.
import {renameSync, writeFileSync} from 'node:fs'

export function writeFileAtomically(path: string, data: string | Uint8Array, mode?: number) {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, data, mode === undefined ? {} : {mode})
  renameSync(temporary, path)
}
