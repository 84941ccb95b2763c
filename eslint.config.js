// ESLint for every workspace (`npm run lint`, run by `npm test`): TypeScript's recommended rules, React's
// hooks rules and jsx-a11y for the web app and the Studio, and a rule that keeps imports inside workspace
// boundaries: another workspace is reached through its package exports, never a relative path.
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
      '**/.releases/**',
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
    rules: {
      'import/no-relative-packages': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'},
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
