// ESLint for every workspace (`npm run lint`, run by `npm test`): TypeScript's recommended rules, React's
// hooks rules and jsx-a11y for the web app and the Studio, a rule that keeps imports inside workspace
// boundaries (another workspace is reached through its package exports, never a relative path), one that keeps
// the development stand-ins and the test harness out of everything that ships, one that keeps the harness for
// what tests, and one that refuses a circle of imports.
import {join} from 'node:path'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The test harness (harness/, @quantedge/test-support) starts the lake, the servers, the site and the Studio: it
// sits above them all, and only what tests them stands on it.
const HARNESS = '^@quantedge/test-support(/|$)|^(\\.\\./)+harness/'
const STAND_IN_PACKAGES = `^@quantedge/(content-lake|supabase/local)(/|$)|${HARNESS}`
const noStandIn = (regex) => [
  'error',
  {
    patterns: [
      {
        regex,
        message:
          'Shipped code never imports a development stand-in or the test harness: make what it needs a setting (.env.example), or move shared code to a shipped package.',
      },
    ],
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/build-preview/**',
      '**/dist/**',
      '**/.react-router/**',
      '**/.sanity/**',
      '**/.test-builds/**',
      '**/.release-builds/**',
      '**/test-results/**',
      'schemas/generated/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.node, ...globals.browser}},
    plugins: {import: importPlugin},
    settings: {
      // What no-cycle follows: the repository's own TypeScript (the plugin reads no other extension), found by
      // eslint.resolver.js, and never a package in node_modules: none imports a workspace back, and the rule's circle
      // finder parsing them all made the lint take 96 s instead of 20 and four times the memory.
      'import/extensions': ['.ts', '.tsx'],
      'import/ignore': ['/node_modules/'],
      'import/resolver': {[join(import.meta.dirname, 'eslint.resolver.js')]: {}},
    },
    rules: {
      'import/no-relative-packages': 'error',
      // A circle of imports runs whichever module Node reaches first with the others half-loaded, across workspaces
      // too: not ignoreExternal, which takes every other workspace for an outside package and skips it. No depth
      // bound: the whole search costs seconds. disableScc: the plugin's shortcut (the graph's strongly connected
      // components, worked out first) throws on a file not on disk (an editor's unsaved file, ESLint's lintText),
      // and saved no time here.
      'import/no-cycle': ['error', {disableScc: true}],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'},
      ],
    },
  },
  {
    // Only tests stand on the harness: Vitest's, the browser tests and their Playwright config, the bench, and
    // `npm test`, which asks the harness whether the browser is there before anything runs.
    files: ['**/*.{ts,tsx,js}'],
    ignores: [
      '**/*.test.ts',
      'harness/**',
      'web/e2e/**',
      'web/playwright.config.ts',
      'scripts/bench/**',
      'scripts/cli/test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: HARNESS,
              message:
                'Only tests, the browser tests and the bench import the test harness: move what this file needs out of harness/, or make this file a test.',
            },
          ],
        },
      ],
    },
  },
  {
    // What ships: the app and its build, the deployed servers, and the packages they run on. Their tests may use
    // the stand-ins; they may not. A value that points at a stand-in is a setting (.env.example).
    files: [
      'schemas/**/*.ts',
      'web/app/**/*.{ts,tsx}',
      'web/prerender/**/*.ts',
      'web/*.ts',
      'servers/**/*.ts',
      'packages/content-access/**/*.ts',
      'packages/server-kit/**/*.ts',
      'supabase/functions/**/*.ts',
    ],
    ignores: ['**/*.test.ts', 'web/e2e/**', 'web/playwright.config.ts'],
    rules: {'no-restricted-imports': noStandIn(STAND_IN_PACKAGES)},
  },
  {
    // Edge Functions share a workspace with the stand-in, so a relative path could reach it too.
    files: ['supabase/functions/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {'no-restricted-imports': noStandIn(`${STAND_IN_PACKAGES}|^(\\.\\./)+local/`)},
  },
  {
    // A Vitest worker runs many files in one process (vitest.config.ts, isolate: false): a setting a file changes
    // by hand stays for the files after it, and a replaced process.env no longer reaches the real environment.
    files: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression[left.type='MemberExpression'][left.object.type='MemberExpression'][left.object.object.name='process'][left.object.property.name='env'], AssignmentExpression[left.object.name='process'][left.property.name='env'], CallExpression[callee.object.name='Object'][callee.property.name='assign'][arguments.0.object.name='process'][arguments.0.property.name='env']",
          message:
            "Tests share their worker's process: set a setting with vi.stubEnv, and put it back with vi.unstubAllEnvs.",
        },
      ],
    },
  },
  {
    files: ['web/**/*.tsx', 'studio/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['web/**/*.tsx', 'studio/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  prettier,
)
