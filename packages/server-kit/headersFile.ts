// The `_headers` file of Netlify and Cloudflare Pages (docs.netlify.com "Custom headers", developers.cloudflare.com
// "Pages: Headers"): a path pattern on a line of its own, then its headers indented, `Name: value`; `#` starts a
// comment. A build writes the site's headers once in it, and any server that serves the build applies it as those
// hosts do: every rule whose pattern matches the request's path adds its headers. The patterns written and read here
// are exact paths and a trailing `*` (a splat).
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

export type HeaderRule = {path: string; headers: Record<string, string>}

export const HEADERS_FILE = '_headers'

/** The rules of the `_headers` file in a served folder; none when it has none. */
export const readHeadersFile = (root: string): HeaderRule[] =>
  existsSync(join(root, HEADERS_FILE))
    ? parseHeadersFile(readFileSync(join(root, HEADERS_FILE), 'utf8'))
    : []

export function formatHeadersFile(rules: readonly HeaderRule[], comment?: string) {
  const lines = comment ? comment.split('\n').map((line) => `# ${line}`) : []
  for (const {path, headers} of rules) {
    lines.push(path)
    for (const [name, value] of Object.entries(headers)) lines.push(`  ${name}: ${value}`)
  }
  return `${lines.join('\n')}\n`
}

/** The rules of a `_headers` file; a line that is neither a pattern nor a header under one is refused with its number. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      rules.push({path: line.trim(), headers: {}})
      continue
    }
    const header = /^\s+([A-Za-z0-9!#$%&'*+.^_`|~-]+):\s*(.*)$/.exec(line)
    const rule = rules.at(-1)
    if (!header || !rule)
      throw new Error(`_headers line ${index + 1} is not "Name: value" under a path`)
    rule.headers[header[1]!] = header[2]!.trim()
  }
  return rules
}

const matches = (pattern: string, path: string) =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path

/** The headers every rule matching `path` adds, in the file's order (a later rule's value for a name wins). */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  return Object.assign(
    {},
    ...rules.filter(({path: pattern}) => matches(pattern, path)).map(({headers}) => headers),
  )
}
