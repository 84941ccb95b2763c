// What a re-render changed: of the paths it rendered again, those whose files differ from the release before it,
// byte for byte (a price change re-renders every page that lists indicators, but only some come out different).
// With each changed file, its bytes before (none for a new file), so that another origin can be asked whether it
// still serves them.
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {readReads} from './incremental.ts'

export type ChangedOutput = {
  path: string
  files: {file: string; before: Buffer | undefined}[]
}

const bytesOf = (file: string) => (existsSync(file) ? readFileSync(file) : undefined)

export function changedOutputs(
  previousBuildDir: string,
  buildDir: string,
  paths: readonly string[],
): ChangedOutput[] {
  const reads = readReads(buildDir)
  return paths.flatMap((path) => {
    const files = (reads[path]?.files ?? []).map((file) => ({
      file,
      before: bytesOf(join(previousBuildDir, 'client', file)),
      after: bytesOf(join(buildDir, 'client', file)),
    }))
    const changed = files.some(({before, after}) => !before || !after || !before.equals(after))
    return changed ? [{path, files: files.map(({file, before}) => ({file, before}))}] : []
  })
}

/** The request path the site server answers a client file at: `tradingview/index.html` at `/tradingview/`. */
export const servedAt = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`
