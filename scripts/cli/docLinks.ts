// The links of the repository's Markdown, checked as GitHub would follow them: a relative link must reach a file
// or folder, and an anchor must name a heading of the page it points into. Outside links are not fetched (tests
// run offline); they must at least be URLs.
import {dirname, join, normalize} from 'node:path/posix'

/** What a path in the repository holds: a Markdown file's text, '' for any other file or a folder, or undefined. */
export type Reader = (path: string) => string | undefined

export type BrokenLink = {file: string; target: string; problem: string}

// A fence's opening line (``` or ~~~, indented as a list item may indent it); it closes on the same characters.
const FENCE = /^\s*(`{3,}|~{3,})/

/** The lines of `markdown` outside fenced code blocks: what GitHub renders as Markdown. */
function proseLines(markdown: string) {
  const lines: string[] = []
  let fence: string | undefined
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1]
    if (fence === undefined && marker) fence = marker
    else if (fence !== undefined && marker?.startsWith(fence)) fence = undefined
    else if (fence === undefined) lines.push(line)
  }
  return lines
}

/**
 * The anchors of a page's headings as GitHub makes them (github-slugger): the heading's text lower-cased, every
 * character but letters, digits, `-`, `_` and spaces dropped, spaces made `-`, and a repeat suffixed -1, -2, ….
 */
export function headingAnchors(markdown: string) {
  const anchors = new Set<string>()
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '')
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-')
    let anchor = slug
    for (let repeat = 1; anchors.has(anchor); repeat++) anchor = `${slug}-${repeat}`
    anchors.add(anchor)
  }
  return anchors
}

/** Every link target of a page: inline links and images, reference definitions (not footnotes) and `<a href>`. */
function linkTargets(markdown: string) {
  const targets: string[] = []
  for (const line of proseLines(markdown)) {
    // A code span's text is not Markdown: `[a](b)` in backticks is no link.
    const prose = line.replace(/(`+)[\s\S]*?\1/g, '')
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
      targets.push(match[1]!)
    const definition = /^ {0,3}\[(?!\^)[^\]]+\]:\s*<?([^\s>]+)>?/.exec(prose)?.[1]
    if (definition) targets.push(definition)
    for (const match of prose.matchAll(/<a\s[^>]*?href\s*=\s*["']([^"']*)["']/gi))
      targets.push(match[1]!)
  }
  return targets
}

/** The links of `file` (a path from the repository's root) that lead nowhere, each with why. */
export function brokenLinks(file: string, read: Reader): BrokenLink[] {
  const broken: BrokenLink[] = []
  for (const target of linkTargets(read(file) ?? '')) {
    const problem = linkProblem(file, target, read)
    if (problem) broken.push({file, target, problem})
  }
  return broken
}

function linkProblem(file: string, target: string, read: Reader) {
  if (target === '') return 'empty link'
  if (/^[a-z][a-z\d+.-]*:/i.test(target)) return URL.canParse(target) ? undefined : 'not a URL'
  const [, pathPart = '', anchor] = /^([^#?]*)(?:\?[^#]*)?(?:#(.*))?$/.exec(target)!
  // GitHub resolves a path from / at the repository's root, any other from the linking file's folder.
  const page = normalize(
    pathPart === ''
      ? file
      : pathPart.startsWith('/')
        ? `.${pathPart}`
        : join(dirname(file), pathPart),
  ).replace(/(.)\/$/, '$1')
  if (page === '..' || page.startsWith('../')) return 'outside the repository'
  const text = read(page)
  if (text === undefined) return `no file ${page}`
  if (anchor === undefined || !page.endsWith('.md')) return undefined
  return headingAnchors(text).has(anchor) ? undefined : `no heading #${anchor} in ${page}`
}
