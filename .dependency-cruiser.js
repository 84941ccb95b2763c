// What dependency-cruiser checks in `npm run lint` (ESLint checks the rest, eslint.config.js): no circle of imports
// among the project's own files, imports of types only included, and the embedded lake's folders used one way. A circle of types runs nothing twice, but it is
// still files that cannot be read one at a time; eslint-plugin-import's no-cycle skips `import type` and has no
// option to count it (lib/rules/no-cycle.js: "ignore type imports"), nor has eslint-plugin-import-x's.
// Across workspaces too: a workspace's import resolves through its package exports and node_modules' link to the
// workspace's own folder, as Node resolves it, and only packages in node_modules are not followed.

const LAKE = 'studio/content-lake'
/**
 * The embedded lake's folders from the ground up (studio/content-lake/README.md): each imports only folders before
 * it here. Above them all, the lake's own files (server.ts, the lake put together; ensure.ts, main.ts, settings.ts),
 * and its testing/ folder, which only tests import (eslint.config.js).
 */
const LAKE_FLOORS = [
  'documents',
  'account',
  'store',
  'queries',
  'events',
  'writes',
  'releases',
  'actions',
  'images',
  'http',
]

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle of imports, types included: move what both sides need to a file below them, or hand it in.',
      from: {},
      to: {circular: true},
    },
    ...LAKE_FLOORS.map((floor, index) => ({
      name: `lake-floors-${floor}`,
      severity: 'error',
      comment: `The lake's ${floor}/ imports only the folders below it: ${LAKE_FLOORS.slice(0, index).join(', ') || 'none'}.`,
      from: {path: `^${LAKE}/${floor}/`, pathNot: '\\.test\\.ts$'},
      to: {
        path: `^${LAKE}/(?:(?:${[...LAKE_FLOORS.slice(index + 1), 'testing'].join('|')})/|[^/]+$)`,
      },
    })),
  ],
  options: {
    // TypeScript's imports as written, so `import type` counts (dependency-cruiser's "pre-compilation" dependencies).
    tsPreCompilationDeps: true,
    doNotFollow: {path: '(^|/)node_modules/'},
    exclude: {
      path: '(^|/)(node_modules|build|build-preview|dist|\\.react-router|\\.sanity|\\.test-builds|test-results|\\.data)/|^schemas/generated/',
    },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['node', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
}
