// The `_redirects` file of Netlify and Cloudflare Pages (docs.netlify.com "Redirects and rewrites",
// developers.cloudflare.com "Pages: Redirects"): one rule a line, `/from /to 301`, fields apart by spaces; `#`
// starts a comment. A build writes the site's redirects in it beside `_headers`, and any server that serves the
// build answers them as those hosts do. The rules written and read here are exact paths (no splats or
// placeholders) with a status of 301, 302, 303, 307 or 308, the codes both hosts take.
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

export type Redirect = {from: string; to: string; status: number}

export const REDIRECTS_FILE = '_redirects'

const STATUSES = new Set([301, 302, 303, 307, 308])

export function formatRedirectsFile(redirects: readonly Redirect[], comment?: string) {
  const lines = comment ? comment.split('\n').map((line) => `# ${line}`) : []
  for (const {from, to, status} of redirects) lines.push(`${from} ${to} ${status}`)
  return `${lines.join('\n')}\n`
}

/** The rules of a `_redirects` file; a line that is not `from to status` is refused with its number. */
export function parseRedirectsFile(text: string): Redirect[] {
  const redirects: Redirect[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue
    const [from, to, status, ...rest] = line.trim().split(/\s+/)
    const code = Number(status)
    if (!from?.startsWith('/') || !to || !STATUSES.has(code) || rest.length > 0)
      throw new Error(
        `_redirects line ${index + 1} is not "/from /to status" (301, 302, 303, 307 or 308)`,
      )
    redirects.push({from, to, status: code})
  }
  return redirects
}

/** The redirects of the `_redirects` file in a served folder, by the path each starts at; none when it has none. */
export function readRedirectsFile(root: string): Map<string, Redirect> {
  const file = join(root, REDIRECTS_FILE)
  const redirects = existsSync(file) ? parseRedirectsFile(readFileSync(file, 'utf8')) : []
  return new Map(redirects.map((redirect) => [redirect.from, redirect]))
}
