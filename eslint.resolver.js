// How eslint-plugin-import finds the file an import names (eslint.config.js): Node's own resolution, which reads the
// workspaces' package exports (each names a .ts file) and follows node_modules' link to the workspace's real folder,
// so import/no-relative-packages knows which workspace a relative path lands in. Imports here name their
// .ts files and packages export theirs, so this is TypeScript's resolution too. The plugin's own resolver reads no
// exports; the TypeScript one needs unrs-resolver, a native package with platform builds this registry lacks (npm ci
// failed on them when eslint-plugin-import-x brought it).
import {createRequire, isBuiltin} from 'node:module'

export const interfaceVersion = 2

/** A builtin is found at no path; what Node cannot resolve (a Vite `?url` import, an ESM-only package) is left out. */
export function resolve(source, file) {
  if (isBuiltin(source)) return {found: true, path: null}
  try {
    return {found: true, path: createRequire(file).resolve(source)}
  } catch {
    return {found: false}
  }
}
