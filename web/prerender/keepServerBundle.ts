// React Router deletes the server bundle after prerendering when `ssr` is false (@react-router/dev's vite.js,
// "Removing the server build … due to ssr:false"). A publish that re-renders only some pages needs it, so the
// bundle is copied beside it, as `<buildDir>/server-bundle`, once written and before the prerender runs.
import {cpSync} from 'node:fs'
import {dirname, join} from 'node:path'
import type {Plugin} from 'vite'

export const SERVER_BUNDLE_DIR = 'server-bundle'

export function keepServerBundle(): Plugin {
  return {
    name: 'quantedge:keep-server-bundle',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler({dir}) {
        if (dir) cpSync(dir, join(dirname(dir), SERVER_BUNDLE_DIR), {recursive: true})
      },
    },
  }
}
