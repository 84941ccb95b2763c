// The web workspace's folder and the builds in it: builds and renders run in it (React Router's build and the pages'
// own file reads, public/, are relative to it). A file of its own, so that every part of the prerender, and the
// deployed servers, can name them without importing the build. In a release (npm run release) the release's root
// stands for web/: its public/, build/ and build-preview/ sit there, and its servers' code one folder down, as this
// file sits in prerender/.
import {join, resolve} from 'node:path'

export const webDir = resolve(import.meta.dirname, '..')

/** The site build: `client/` (served), `server-bundle/` and `reads.json` (what a render starts from). */
export const defaultBuildDir = join(webDir, 'build')

/** The draft preview's build: `server/index.js` (rendered per request) and `client/`. */
export const defaultPreviewBuildDir = join(webDir, 'build-preview')

/**
 * Builds and renders are production's whoever starts them: Vitest sets NODE_ENV=test, Vite keeps a NODE_ENV it
 * finds, and a bundle built under `test` holds React's development build (half again as large, and slow), which
 * the kept builds would then hand to every later build of the same sources.
 */
export const PRODUCTION = {NODE_ENV: 'production'}
