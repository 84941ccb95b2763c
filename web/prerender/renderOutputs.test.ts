// Re-rendering from the kept server bundle, without Vite: every output comes out as the full build wrote it (React
// Router's own prerender, then the redirects and the landing pages), and each notes the sync tags of the content it
// read. The pages name the Supabase project the render
// was given; the compiled bundle names none, so one bundle serves any project.
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {testLakeClient, type TestLake} from '@quantedge/content-lake/testing/testLake'
import {
  siteBuildEnv,
  startSeededLake,
  temporaryWebFolder,
} from '@quantedge/test-support/throwawaySite'
import {afterAll, beforeAll, describe, expect, it, onTestFinished, vi} from 'vitest'
import {SUPABASE_META} from '../app/auth/env.ts'
import {deferHydrationInHtml} from './deferHydration.ts'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {READS_FILE} from './recordReads.ts'
import {buildAndPrerender, webDir} from './prerender.ts'
import {landingPageIndex} from './landingPages.ts'
import {
  loadServerBundle,
  releasePaths,
  renderOutputs,
  type Bundle,
  type OutputReads,
} from './renderOutputs.ts'

let lake: TestLake
/** A real `react-router build` with its prerender (not one started from a kept build), and its client folder. */
let site: {root: string; remove: () => void}
let rendered: string
let reads: OutputReads
let bundle: Bundle | undefined

/**
 * Renders `paths` of the full build's server bundle into `dir`, with the lake's settings and `settings` in the
 * environment, as the build's render process has them; Vitest puts back what was there, for the files this worker
 * runs next.
 */
async function renderFromBundle(
  dir: string,
  paths: (bundle: Bundle, landing: ReadonlyMap<string, string>) => readonly string[],
  settings: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries({...siteBuildEnv(lake), ...settings}))
    vi.stubEnv(name, value)
  bundle ??= await loadServerBundle(join(dirname(site.root), SERVER_BUNDLE_DIR))
  const landing = await landingPageIndex()
  const cwd = process.cwd()
  process.chdir(webDir)
  return renderOutputs(bundle, dir, paths(bundle, landing), undefined, landing).finally(() => {
    process.chdir(cwd)
    vi.unstubAllEnvs()
  })
}

const OUTPUT = /(\.html|\.data|^sitemap\.xml|^robots\.txt|^_redirects)$/
const outputsIn = (root: string) =>
  readdirSync(root, {recursive: true, encoding: 'utf8'})
    .filter((file) => OUTPUT.test(file))
    .sort()

beforeAll(async () => {
  lake = await startSeededLake()
  const buildDir = temporaryWebFolder('build')
  site = {
    root: join(buildDir, 'client'),
    remove: () => rmSync(buildDir, {recursive: true, force: true}),
  }
  await buildAndPrerender(buildDir, siteBuildEnv(lake))
  rendered = mkdtempSync(join(tmpdir(), 'rerender-'))
  reads = await renderFromBundle(rendered, releasePaths)
}, 180_000)
afterAll(async () => {
  site?.remove()
  rmSync(rendered, {recursive: true, force: true})
  await lake?.close()
})

const tagsOf = async (query: string) =>
  (
    await testLakeClient(lake.url, {token: '', perspective: 'published'}).fetch(
      query,
      {},
      {filterResponse: false},
    )
  ).syncTags ?? []

describe('re-rendering outputs from the kept server bundle', () => {
  it("writes every output of the full build, byte for byte as React Router's prerender did", () => {
    expect(outputsIn(rendered)).toEqual(outputsIn(site.root))
    expect(outputsIn(rendered).length).toBeGreaterThan(10)
    for (const file of outputsIn(rendered)) {
      const again = readFileSync(join(rendered, file), 'utf8')
      const expected = readFileSync(join(site.root, file), 'utf8')
      expect(file.endsWith('.html') ? deferHydrationInHtml(again) : again, file).toBe(expected)
    }
  })

  it('notes what each output read, as the full build recorded it: indicators on the TradingView page', async () => {
    const indicators = await tagsOf('*[_type == "indicator"]')
    const files = Object.values(reads).flatMap((read) => read.files)
    expect(files.sort()).toEqual(outputsIn(rendered))
    expect(JSON.parse(readFileSync(join(dirname(site.root), READS_FILE), 'utf8'))).toEqual(reads)
    for (const {tags} of Object.values(reads)) expect(tags.length).toBeGreaterThan(0)
    expect(reads['/tradingview']).toEqual({
      files: ['tradingview.data', 'tradingview/index.html'],
      tags: expect.arrayContaining(indicators),
    })
    expect(reads['/robots.txt']!.tags).not.toEqual(expect.arrayContaining(indicators))
  })

  it('names the Supabase project it was given in each page, which the compiled bundle does not name', async () => {
    const builtFor = process.env.VITE_SUPABASE_URL!
    const elsewhere = 'https://abcdefghijklmnopqrst.supabase.co'
    const again = mkdtempSync(join(tmpdir(), 'rerender-'))
    onTestFinished(() => rmSync(again, {recursive: true, force: true}))
    await renderFromBundle(again, () => ['/contactus'], {VITE_SUPABASE_URL: elsewhere})
    const named = (root: string) =>
      readFileSync(join(root, 'contactus', 'index.html'), 'utf8').match(
        new RegExp(`<meta name="${SUPABASE_META.url}" content="([^"]+)"`),
      )?.[1]
    expect(named(site.root)).toBe(builtFor)
    expect(named(again)).toBe(elsewhere)
    const compiled = [join(site.root, 'assets'), join(dirname(site.root), SERVER_BUNDLE_DIR)]
      .flatMap((dir) =>
        readdirSync(dir, {recursive: true, encoding: 'utf8'}).map((file) => join(dir, file)),
      )
      .filter((file) => file.endsWith('.js'))
    expect(compiled.length).toBeGreaterThan(10)
    for (const file of compiled) {
      const code = readFileSync(file, 'utf8')
      const names = code.includes(builtFor) || code.includes(process.env.VITE_SUPABASE_ANON_KEY!)
      expect(names, file).toBe(false)
    }
  })
})
