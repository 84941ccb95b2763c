// What a re-render changed: of the paths it rendered again or removed, those whose files differ from the release
// before it, byte for byte (a price change re-renders every page that lists indicators, but only some come out
// different; a deleted landing page's files are gone). With each changed file, its bytes before (none for a new
// file), so that another origin can be asked whether it still serves them. The redirects file is not a page: what
// changed there is each path whose redirect is new, gone or leads elsewhere, with how it answered before.
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {readRedirectsFile, type Redirect} from '@quantedge/server-kit/redirectsFile'
import {readReads} from './incremental.ts'
import {REDIRECTS_OUTPUT} from './redirects.ts'

export type ChangedOutput = {
  path: string
  files: {file: string; before: Buffer | undefined}[]
  /** For a redirect's path: how the release before answered it (`301 /tradingview`), if it redirected. */
  redirectBefore?: string
}

const bytesOf = (file: string) => (existsSync(file) ? readFileSync(file) : undefined)

/** A redirect as its answer reads: its status and where it leads. */
export const redirectAnswer = ({status, to}: Pick<Redirect, 'status' | 'to'>) => `${status} ${to}`

function changedRedirects(previousBuildDir: string, buildDir: string): ChangedOutput[] {
  const before = readRedirectsFile(join(previousBuildDir, 'client'))
  const after = readRedirectsFile(join(buildDir, 'client'))
  const answerOf = (redirects: Map<string, Redirect>, from: string) => {
    const redirect = redirects.get(from)
    return redirect && redirectAnswer(redirect)
  }
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((from) => answerOf(before, from) !== answerOf(after, from))
    .map((from) => ({path: from, files: [], redirectBefore: answerOf(before, from)}))
}

export function changedOutputs(
  previousBuildDir: string,
  buildDir: string,
  paths: readonly string[],
): ChangedOutput[] {
  const reads = readReads(buildDir)
  const previous = readReads(previousBuildDir)
  return paths.flatMap((path) => {
    if (path === REDIRECTS_OUTPUT) return changedRedirects(previousBuildDir, buildDir)
    const files = ((reads[path] ?? previous[path])?.files ?? []).map((file) => ({
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
