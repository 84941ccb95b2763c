// The prerendered HTML is complete without JavaScript; scripts only hydrate it. React Router's output asks
// for ~110 KB of modules at once and hydrates as soon as they arrive, which holds back the first paint on a
// slow phone. This rewrite makes each page paint first and then fetch (in parallel, as before) and hydrate.
import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g
const BOOT_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?"([^"]+)";$/gm

/** Resolves after the browser has painted: the callback of the next frame runs before it, the timeout after. */
const AFTER_FIRST_PAINT =
  'await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));'

/**
 * Each preload link starts a fetch, a few milliseconds of the main thread each; a dozen of them in one go made one
 * long task on a phone (56-112 ms at Lighthouse's 4x). Between links the script yields: scheduler.yield() where the
 * browser has it (web.dev/articles/optimize-long-tasks), a new task otherwise.
 */
const NEXT_TASK =
  'const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve));'

export function deferHydrationInHtml(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
  const boot = BOOT_SCRIPT.exec(html)
  if (!boot || preloads.length === 0) return html
  const imports = [...boot[1]!.matchAll(STATIC_IMPORT)].map(([, name, href]) => ({
    name,
    href: href!,
  }))
  const rest = boot[1]!.replace(STATIC_IMPORT, '').trim()
  const script = [
    AFTER_FIRST_PAINT,
    NEXT_TASK,
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  document.head.append(Object.assign(document.createElement("link"), {rel: "modulepreload", href}));',
    '  await nextTask();',
    '}',
    `const [${imports.map(({name}) => name ?? '').join(', ')}] = await Promise.all([${imports.map(({href}) => `import(${JSON.stringify(href)})`).join(', ')}]);`,
    rest,
  ].join('\n')
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(boot[0], `<script type="module" async="">${script}</script>`)
}

/** Rewrites `file` so; returns its HTML as written. */
export function deferHydrationOfFile(file: string) {
  const html = deferHydrationInHtml(readFileSync(file, 'utf8'))
  writeFileSync(file, html)
  return html
}

export function deferHydration(root: string) {
  for (const entry of readdirSync(root, {recursive: true, withFileTypes: true})) {
    if (entry.isFile() && entry.name.endsWith('.html')) {
      deferHydrationOfFile(join(entry.parentPath, entry.name))
    }
  }
}
