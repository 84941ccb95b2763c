// ESLint (eslint.config.js) refuses a circle of imports (import/no-cycle): inside a folder, and across workspaces
// that reach each other through their package exports and node_modules' links; an import of types only runs nothing
// and closes no circle. The files are written to a temporary folder outside the repository and linted with its
// config there, so no other test or tool that lists the repository's files meets them.
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative} from 'node:path'
import {ESLint} from 'eslint'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {afterEach, beforeEach, expect, it} from 'vitest'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-cycles-'))
})
afterEach(() => rmSync(dir, {recursive: true, force: true}))

function write(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), {recursive: true})
    writeFileSync(join(dir, file), text)
  }
}

/** Each file's import/no-cycle messages, by its path in the temporary folder. */
async function cycles() {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: join(repositoryRoot, 'eslint.config.js'),
  })
  const results = await eslint.lintFiles(['**/*.ts'])
  return Object.fromEntries(
    results.map(({filePath, messages}) => [
      relative(dir, filePath),
      messages.filter(({ruleId}) => ruleId === 'import/no-cycle').map(({message}) => message),
    ]),
  )
}

it('refuses two files that import each other', async () => {
  write({
    'a.ts': "import {b} from './b.ts'\nexport const a = () => b\n",
    'b.ts': "import {a} from './a.ts'\nexport const b = () => a\n",
  })
  expect(await cycles()).toEqual({
    'a.ts': ['Dependency cycle detected.'],
    'b.ts': ['Dependency cycle detected.'],
  })
})

it('refuses a circle through two workspaces and their package exports', async () => {
  write({
    'lake/package.json': JSON.stringify({name: '@probe/lake', exports: {'./store': './store.ts'}}),
    'lake/store.ts': "import {page} from '@probe/site/page'\nexport const store = () => page\n",
    'site/package.json': JSON.stringify({name: '@probe/site', exports: {'./page': './page.ts'}}),
    'site/page.ts': "import {store} from '@probe/lake/store'\nexport const page = () => store\n",
  })
  mkdirSync(join(dir, 'node_modules', '@probe'), {recursive: true})
  symlinkSync('../../lake', join(dir, 'node_modules', '@probe', 'lake'))
  symlinkSync('../../site', join(dir, 'node_modules', '@probe', 'site'))
  expect(await cycles()).toEqual({
    'lake/store.ts': ['Dependency cycle detected.'],
    'site/page.ts': ['Dependency cycle detected.'],
  })
})

it('lets an import of types only back through', async () => {
  write({
    'a.ts': "import {b} from './b.ts'\nexport type A = {b: typeof b}\nexport const a = () => b\n",
    'b.ts': "import type {A} from './a.ts'\nexport const b = (a: A) => a\n",
  })
  expect(await cycles()).toEqual({'a.ts': [], 'b.ts': []})
})
