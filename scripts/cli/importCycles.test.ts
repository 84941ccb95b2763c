// `npm run lint` refuses a circle of imports (dependency-cruiser with .dependency-cruiser.js): inside a folder, across
// workspaces that reach each other through their package exports and node_modules' links, and of types only, which
// runs nothing twice but is still files that cannot be read one at a time; and, with the same config, the embedded
// lake's folders imported one way only, each importing only those below it. The files are written to a temporary
// folder outside the repository and cruised with the repository's config there, so no other test or tool that lists
// the repository's files meets them.
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {cruise, type ICruiseResult} from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
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

/** What the lint refuses: each circle once, as the files it passes through from the one it is reported at. */
async function circles() {
  const options = await extractDepcruiseOptions(join(repositoryRoot, '.dependency-cruiser.js'))
  const {output} = await cruise(['.'], {...options, baseDir: dir})
  return (output as ICruiseResult).summary.violations.map(({rule, from, to, cycle}) => ({
    rule: rule.name,
    circle: cycle ? [from, ...cycle.map(({name}) => name)] : [from, to],
  }))
}

it('refuses two files that import each other', async () => {
  write({
    'a.ts': "import {b} from './b.ts'\nexport const a = () => b\n",
    'b.ts': "import {a} from './a.ts'\nexport const b = () => a\n",
  })
  expect(await circles()).toEqual([{rule: 'no-circular', circle: ['a.ts', 'b.ts', 'a.ts']}])
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
  expect(await circles()).toEqual([
    {rule: 'no-circular', circle: ['lake/store.ts', 'site/page.ts', 'lake/store.ts']},
  ])
})

it('refuses a circle of imports of types only', async () => {
  write({
    'request.ts': "import type {Store} from './store.ts'\nexport type Request = {store: Store}\n",
    'store.ts': "import type {Guard} from './guard.ts'\nexport type Store = {guard: Guard}\n",
    'guard.ts':
      "import type {Request} from './request.ts'\nexport type Guard = (r: Request) => void\n",
  })
  expect(await circles()).toEqual([
    {rule: 'no-circular', circle: ['guard.ts', 'request.ts', 'store.ts', 'guard.ts']},
  ])
})

it('refuses a circle closed by one import of types only, as the lake’s release locks had', async () => {
  write({
    'a.ts': "import {b} from './b.ts'\nexport type A = {b: typeof b}\nexport const a = () => b\n",
    'b.ts': "import type {A} from './a.ts'\nexport const b = (a: A) => a\n",
  })
  expect(await circles()).toEqual([{rule: 'no-circular', circle: ['a.ts', 'b.ts', 'a.ts']}])
})

it('lets imports that never come back through, types or not', async () => {
  write({
    'top.ts': "import {middle} from './middle.ts'\nexport const top = middle\n",
    'middle.ts':
      "import type {Ground} from './ground.ts'\nexport const middle = (g: Ground) => g\n",
    'ground.ts': 'export type Ground = {id: string}\n',
  })
  expect(await circles()).toEqual([])
})

it('keeps the lake’s folders one way: each imports only the folders below it, types included', async () => {
  const lake = 'studio/content-lake'
  write({
    [`${lake}/documents/documents.ts`]: 'export type StoredDocument = {_id: string}\n',
    [`${lake}/store/store.ts`]:
      "import type {StoredDocument} from '../documents/documents.ts'\nimport type {Endpoint} from '../http/endpoints.ts'\nexport type Store = {doc: StoredDocument; endpoint: Endpoint}\n",
    [`${lake}/http/endpoints.ts`]:
      "import type {StoredDocument} from '../documents/documents.ts'\nexport type Endpoint = () => StoredDocument\n",
    [`${lake}/images/assets.ts`]:
      "import {startContentLake} from '../server.ts'\nexport const assets = startContentLake\n",
    [`${lake}/server.ts`]:
      "import type {Endpoint} from './http/endpoints.ts'\nexport const startContentLake = (e: Endpoint) => e\n",
    [`${lake}/store/store.test.ts`]:
      "import {startContentLake} from '../server.ts'\nexport const probe = startContentLake\n",
  })
  expect(await circles()).toEqual([
    {rule: 'lake-floors-images', circle: [`${lake}/images/assets.ts`, `${lake}/server.ts`]},
    {rule: 'lake-floors-store', circle: [`${lake}/store/store.ts`, `${lake}/http/endpoints.ts`]},
  ])
})
