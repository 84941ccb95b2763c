// ESLint for every workspace (`npm run lint`, run by `npm test`): TypeScript's recommended rules, React's
// hooks rules and jsx-a11y for the web app and the Studio, a rule that keeps imports inside workspace
// boundaries (another workspace is reached through its package exports, never a relative path), one that keeps
// the development stand-ins and the test harness out of everything that ships, and one that keeps the harness for
// what tests. A circle of imports, types included, is dependency-cruiser's to refuse (.dependency-cruiser.js).
import {join} from 'node:path'
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The test harness (harness/, @quantedge/test-support) starts the lake, the servers, the site and the Studio: it
// sits above them all, and only what tests them stands on it. So do the stand-ins' test helpers, each in its
// stand-in's testing/ folder (throwaway lakes and Supabases, test images, the test clock): not even the stand-in's
// own code imports them, by its package name or by a relative path.
const HARNESS = '^@quantedge/test-support(/|$)|^(\\.\\./)+harness/'
const TEST_HELPERS = '^@quantedge/(content-lake|supabase/local)/testing/|^(\\.\\.?/)+testing/'
const FOR_TESTS = `${HARNESS}|${TEST_HELPERS}`
const STAND_IN_PACKAGES = `^@quantedge/(content-lake|supabase/local)(/|$)|${FOR_TESTS}`
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
    // The file an import names, found as Node finds it (eslint.resolver.js), says which workspace it is in.
    settings: {'import/resolver': {[join(import.meta.dirname, 'eslint.resolver.js')]: {}}},
    rules: {
      'import/no-relative-packages': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'},
      ],
    },
  },
  {
    // Only tests stand on the harness and the test helpers: Vitest's, the browser tests and their Playwright config,
    // the bench, the helpers themselves, and `npm test`, which asks the harness whether the browser is there before
    // anything runs.
    files: ['**/*.{ts,tsx,js}'],
    ignores: [
      '**/*.test.ts',
      'harness/**',
      'studio/content-lake/testing/**',
      'supabase/local/testing/**',
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
              regex: FOR_TESTS,
              message:
                'Only tests, the browser tests and the bench import the test harness and the test helpers: move what this file needs out of harness/ or testing/, or make this file a test.',
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
