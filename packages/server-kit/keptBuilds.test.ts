import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, expect, it} from 'vitest'
import {buildOrStartFromKept} from './keptBuilds.ts'

let folder: string
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'kept-builds-'))
})
afterEach(() => rmSync(folder, {recursive: true, force: true}))

/** A build that writes its settings and the build's number into `outDir`, counting how often it ran. */
function builds(settings: Record<string, unknown>) {
  const counted = {built: 0, fromKept: [] as string[]}
  const outDir = join(folder, `out-${Math.random().toString(36).slice(2)}`)
  const options = {
    kind: 'site',
    inputs: {sources: ['packages/server-kit/keptBuilds.ts'], settings},
    keptBuildsDir: join(folder, 'kept'),
    outDir,
    build: async () => {
      counted.built += 1
      mkdirSync(outDir, {recursive: true})
      await new Promise((resolve) => setTimeout(resolve, 50))
      writeFileSync(join(outDir, 'bundle.js'), JSON.stringify(settings))
    },
    fromKept: async (keptDir: string) => {
      counted.fromKept.push(readFileSync(join(keptDir, 'bundle.js'), 'utf8'))
    },
  }
  return {counted, run: () => buildOrStartFromKept(options)}
}

it('builds the first time and starts from that build the next time the inputs are the same', async () => {
  const first = builds({VITE_URL: 'a'})
  expect(await first.run()).toBe('built')
  const second = builds({VITE_URL: 'a'})
  expect(await second.run()).toBe('from a kept build')
  expect(second.counted).toEqual({built: 0, fromKept: ['{"VITE_URL":"a"}']})
})

it('builds again for other settings, and keeps both', async () => {
  await builds({VITE_URL: 'a'}).run()
  const other = builds({VITE_URL: 'b'})
  expect(await other.run()).toBe('built')
  expect(readdirSync(join(folder, 'kept')).filter((name) => !name.endsWith('.lock'))).toHaveLength(
    2,
  )
})

it('compiles once when several processes build the same inputs at once', async () => {
  const all = Array.from({length: 4}, () => builds({VITE_URL: 'a'}))
  const outcomes = await Promise.all(all.map(({run}) => run()))
  expect(outcomes.filter((outcome) => outcome === 'built')).toHaveLength(1)
  expect(all.reduce((sum, {counted}) => sum + counted.built, 0)).toBe(1)
})

it('keeps nothing of a build that failed, and builds again next time', async () => {
  await expect(
    buildOrStartFromKept({
      kind: 'site',
      inputs: {sources: ['packages/server-kit/keptBuilds.ts'], settings: {VITE_URL: 'a'}},
      keptBuildsDir: join(folder, 'kept'),
      outDir: join(folder, 'broken'),
      build: () => Promise.reject(new Error('Build failed: a syntax error')),
      fromKept: () => Promise.resolve(),
    }),
  ).rejects.toThrow('a syntax error')
  expect(readdirSync(join(folder, 'kept')).filter((name) => !name.endsWith('.lock'))).toEqual([])
  const next = builds({VITE_URL: 'a'})
  expect(await next.run()).toBe('built')
  expect(next.counted.built).toBe(1)
})
