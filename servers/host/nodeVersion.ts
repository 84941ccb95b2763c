// The Node.js a release runs on: the host's, 24 (the project's own pinned Node is a development convenience).
// Checked first thing, in code that any Node.js still parses, so an older one is refused with one line rather than
// failing somewhere inside.

/**
 * The oldest Node.js the servers run on: 24.2 gave modules `import.meta.main`, which the render process starts by
 * (web/prerender/renderWorker.ts), and has `module.findPackageJSON`.
 */
export const OLDEST_NODE = '24.2.0'

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number)

/** Whether Node.js `version` (as process.versions.node has it) is older than `oldest`. */
export function isOlder(version: string, oldest = OLDEST_NODE) {
  const [have, need] = [parts(version), parts(oldest)]
  for (let index = 0; index < need.length; index += 1) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0)
    if (difference !== 0) return difference < 0
  }
  return false
}

/** The one line that refuses Node.js `version`, or undefined when it will do. */
export const nodeRefusal = (version: string) =>
  isOlder(version)
    ? `These servers need Node.js ${OLDEST_NODE} or newer (engines in package.json); this is Node.js ${version}. Install Node.js 24 (or use the node:24-slim image).`
    : undefined
