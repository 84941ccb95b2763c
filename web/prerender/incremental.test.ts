// The incremental release against a full build from the same content: for each kind of publish, re-rendering only
// the outputs whose recorded reads meet the change's tags gives the same tree, byte for byte, as rendering
// everything again. Each step's "everything" is every output rendered from the same server bundle and post-processed
// (the build's recordReads shows on every build that such a render is React Router's prerender byte for byte); the
// last step is also compared with a real full build, so the compiled assets are shown not to depend on the content. The tags are the sync tags of the lake's Live Content API
// (through @sanity/client), or the document tags of a GROQ-powered webhook's `_id` and `_type`, as the publish
// hook gets them from hosted Sanity.
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import type {SanityClient} from '@sanity/client'
import {changeDocumentTags} from '@quantedge/content-access/documentTags'
import {testLakeClient, type TestLake} from '@quantedge/content-lake/testLake'
import {
  buildSiteFrom,
  siteBuildEnv,
  startSeededLake,
  temporaryWebFolder,
} from '@quantedge/test-support/throwawaySite'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {affectedPaths, readReads, renderIncrementally} from './incremental.ts'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {buildAndPrerender, prerenderSite, webDir} from './prerender.ts'
import {REDIRECTS_OUTPUT} from './redirects.ts'
import {renderAll} from './renderAll.ts'

let lake: TestLake
/** The live release's folder (client/, the server bundle and reads.json). */
let live: string
const cwd = process.cwd()
const removals: (() => void)[] = []

beforeAll(async () => {
  lake = await startSeededLake()
  for (const [name, value] of Object.entries(siteBuildEnv(lake))) vi.stubEnv(name, value)
  const firstBuild = await buildSiteFrom(lake)
  removals.push(firstBuild.remove)
  live = dirname(firstBuild.root)
  process.chdir(webDir)
}, 180_000)
afterAll(async () => {
  process.chdir(cwd)
  // The files this worker runs next start from the environment this one found.
  vi.unstubAllEnvs()
  for (const remove of removals) remove()
  await lake?.close()
})

it('builds React’s production bundle, though Vitest runs it with NODE_ENV=test', () => {
  expect(process.env.NODE_ENV).toBe('test')
  const assets = join(live, 'client', 'assets')
  const entry = readdirSync(assets).find((file) => /^entry\.client-.+\.js$/.test(file))
  expect(entry).toBeDefined()
  // React DOM's production build gives its errors as codes to look up; its development build spells them out.
  expect(readFileSync(join(assets, entry!), 'utf8')).toContain('Minified React error #')
})

/** The tags the lake's Live Content API sends for `change`. */
async function tagsOfChange(change: (client: SanityClient) => Promise<unknown>) {
  const client = testLakeClient(lake.url)
  const messages: string[][] = []
  let welcomed!: () => void
  const welcome = new Promise<void>((resolve) => (welcomed = resolve))
  const subscription = client.live.events().subscribe((event) => {
    if (event.type === 'welcome') welcomed()
    if (event.type === 'message') messages.push(event.tags)
  })
  await welcome
  await change(client)
  await expect.poll(() => messages.length).toBeGreaterThan(0)
  subscription.unsubscribe()
  return messages[0]!
}

/** Every file of a release (the client folder and reads.json) with its bytes, for comparing whole trees. */
function tree(buildDir: string) {
  return Object.fromEntries(
    readdirSync(buildDir, {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => !relative(buildDir, file).startsWith(SERVER_BUNDLE_DIR))
      .map((file) => [relative(buildDir, file), readFileSync(file).toString('base64')] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  )
}

/** Where the publish hears of a change: the Live Content API, or a webhook whose body is `{_id, _type}`. */
type Notice = {from: 'live'} | {from: 'webhook'; body: {_id: string; _type: string}}

/** The tags of `change` as `notice` tells of it. */
async function changedTagsOf(change: (client: SanityClient) => Promise<unknown>, notice: Notice) {
  if (notice.from === 'live') return tagsOfChange(change)
  await change(testLakeClient(lake.url))
  return changeDocumentTags([{id: notice.body._id, types: [notice.body._type]}])
}

/** A full render of the content now from `buildDir`'s compiled assets and server bundle, as a full build from a kept one does. */
async function renderEverything(buildDir: string) {
  const fullDir = temporaryWebFolder('full')
  removals.push(() => rmSync(fullDir, {recursive: true, force: true}))
  await renderAll(buildDir, fullDir)
  return fullDir
}

/**
 * Publishes `change`, then renders the incremental release from the live one and compares it with a full render
 * (and, when `realBuild`, with a full `react-router build` too).
 */
async function publishAndCompare(
  change: (client: SanityClient) => Promise<unknown>,
  notice: Notice = {from: 'live'},
  {realBuild = false} = {},
) {
  const changedTags = await changedTagsOf(change, notice)
  const nextBuildDir = temporaryWebFolder('incremental')
  removals.push(() => rmSync(nextBuildDir, {recursive: true, force: true}))
  const {paths, steps} = await renderIncrementally({liveBuildDir: live, nextBuildDir, changedTags})
  // Where the time went, each step once and in order, for the publish hook's outcome and the benchmark.
  expect(steps.map(({step}) => step)).toEqual([
    'read what each page read, and the landing pages',
    'link the unchanged files',
    'load the server bundle',
    'render the pages, defer hydration (precompressing meanwhile)',
    'write the security headers (precompressing meanwhile)',
    'finish precompressing',
    'record what each page read',
  ])
  expect(steps.every(({ms}) => ms >= 0)).toBe(true)
  const fullDir = await renderEverything(live)
  expect(tree(nextBuildDir)).toEqual(tree(fullDir))
  if (realBuild) {
    const buildDir = temporaryWebFolder('build')
    removals.push(() => rmSync(buildDir, {recursive: true, force: true}))
    await buildAndPrerender(buildDir, siteBuildEnv(lake))
    expect(tree(nextBuildDir)).toEqual(tree(buildDir))
  }
  const previous = live
  live = fullDir
  return {paths, previous, changedTags}
}

describe('an incremental release equals a full build from the same content', () => {
  it("an indicator's price re-renders only the outputs that read indicators", async () => {
    const {paths, previous} = await publishAndCompare((client) =>
      client.patch('indicator-straddle').set({price: 777}).commit(),
    )
    expect(paths).toContain('/tradingview')
    expect(paths).not.toContain('/privacy')
    expect(paths.length).toBeLessThan(Object.keys(readReads(previous)).length / 2)
  }, 60_000)

  it("an indicator's price told by a webhook's id and type re-renders the outputs that read indicators", async () => {
    const {paths, previous, changedTags} = await publishAndCompare(
      (client) => client.patch('indicator-straddle').set({price: 778}).commit(),
      {from: 'webhook', body: {_id: 'indicator-straddle', _type: 'indicator'}},
    )
    expect(changedTags).toEqual(['*', 'id:indicator-straddle', 'type:indicator'])
    expect(paths).toContain('/tradingview')
    expect(paths).not.toContain('/privacy')
    expect(paths.length).toBeLessThan(Object.keys(readReads(previous)).length / 2)
  }, 60_000)

  it('a plan feature', async () => {
    const {paths} = await publishAndCompare((client) =>
      client
        .patch('plan-index-quant-metrics')
        .setIfMissing({features: []})
        .append('features', ['Alerts by e-mail'])
        .commit(),
    )
    expect(paths.length).toBeGreaterThan(0)
  }, 60_000)

  it("the site settings' footer text re-renders every page", async () => {
    const {paths, previous} = await publishAndCompare((client) =>
      client.patch('siteSettings').set({footerDisclaimer: 'Educational content only.'}).commit(),
    )
    const pages = Object.keys(readReads(previous)).filter((path) => path !== REDIRECTS_OUTPUT)
    expect(paths.sort()).toEqual(pages.sort())
  }, 60_000)

  it('a legal page', async () => {
    const {paths} = await publishAndCompare((client) =>
      client.patch('legalPage-terms').set({title: 'Terms of use'}).commit(),
    )
    expect(paths).toContain('/terms')
  }, 60_000)

  it('a new indicator', async () => {
    const {paths} = await publishAndCompare((client) =>
      client.create({
        _id: 'indicator-vwap',
        _type: 'indicator',
        name: 'VWAP Bands',
        slug: {_type: 'slug', current: 'vwap-bands'},
        order: 7,
        description: 'Plots VWAP with standard deviation bands.',
        price: 300,
      }),
    )
    expect(paths).toContain('/tradingview')
  }, 60_000)

  it('a deleted indicator, compared with a real build as well', async () => {
    const {paths} = await publishAndCompare(
      (client) => client.delete('indicator-vwap'),
      undefined,
      {
        realBuild: true,
      },
    )
    expect(paths).toContain('/tradingview')
  }, 180_000)
})

describe('an unpublished page', () => {
  it('stops the incremental render as it stops a full build, and the live release stays whole', async () => {
    const changedTags = await tagsOfChange((client) => client.delete('sitePage-python'))
    expect(affectedPaths(readReads(live), changedTags)).toContain('/python')
    const nextBuildDir = temporaryWebFolder('incremental')
    removals.push(() => rmSync(nextBuildDir, {recursive: true, force: true}))
    const before = tree(live)
    await expect(
      renderIncrementally({liveBuildDir: live, nextBuildDir, changedTags}),
    ).rejects.toThrow(/\/python\.data answered 500/)
    const fullBuildDir = temporaryWebFolder('full')
    removals.push(() => rmSync(fullBuildDir, {recursive: true, force: true}))
    await expect(prerenderSite({buildDir: fullBuildDir, env: siteBuildEnv(lake)})).rejects.toThrow()
    expect(tree(live)).toEqual(before)
    expect(existsSync(join(live, 'client', 'python', 'index.html'))).toBe(true)
  }, 60_000)
})
