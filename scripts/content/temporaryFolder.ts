// A command's own folder under the system's temporary folder, removed when the command is done with it, or at
// the process's exit, whatever ends it (stopWithExit: Ctrl+C and SIGTERM end it through its exit handlers).
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export function temporaryFolder(prefix: string) {
  const path = mkdtempSync(join(tmpdir(), prefix))
  const remove = () => {
    rmSync(path, {recursive: true, force: true})
    process.off('exit', remove)
  }
  process.once('exit', remove)
  return {path, remove}
}

/**
 * Ctrl+C, or a SIGTERM (cron's or systemd's stop), ends the process through its exit handlers, where an export
 * removes its partial file and a temporary folder goes.
 */
export function stopWithExit() {
  process.once('SIGINT', () => process.exit(130))
  process.once('SIGTERM', () => process.exit(143))
}
