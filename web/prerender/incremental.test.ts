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
import {testLakeClient, type TestLake} from '@quantedge/content-lake/testing/testLake'
import {
  buildSiteFrom,
  siteBuildEnv,
  startSeededLake,
  temporaryWebFolder,
} from '@quantedge/test-support/throwawaySite'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {
  affectedPaths,
  NEXT_FOLDERS,
  prepareFolders,
  readReads,
  renderIncrementally,
} from './incremental.ts'
import {SERVER_BUNDLE_DIR} from './keepServerBundle.ts'
import {buildAndPrerender, prerenderSite, webDir} from './prerender.ts'
import {REDIRECTS_OUTPUT} from './redirects.ts'
import {renderAll} from './renderAll.ts'
import {renderLog} from '../app/content/renderLog.server.ts'

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
    'load the server bundle',
    'render the pages, defer hydration, read their policies (linking the unchanged files, precompressing meanwhile)',
    'finish linking the unchanged files',
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

/** A landing page as an editor would publish it: a hero and the indicators it names. */
const landingPage = (id: string, slug: string, indicators: string[]) => ({
  _id: id,
  _type: 'landingPage',
  title: `Campaign ${slug}`,
  slug: {_type: 'slug', current: slug},
  seo: {
    _type: 'seo',
    title: `Campaign ${slug}`,
    description: 'A campaign page of the incremental release tests, long enough.',
  },
  sections: [
    {_key: 'hero', _type: 'hero', heading: `Offer ${slug}`, tagline: 'Two indicators, one price.'},
    {
      _key: 'offer',
      _type: 'offerings',
      heading: 'On offer',
      items: indicators.map((id) => ({_key: id, _type: 'reference', _ref: id})),
    },
  ],
})

const served = (path: string) => existsSync(join(live, 'client', path.slice(1), 'index.html'))
const sitemap = () => readFileSync(join(live, 'client', 'sitemap.xml'), 'utf8')

describe('landing pages and redirects: an incremental release equals a full build', () => {
  it('a new landing page is rendered at its address and listed in the sitemap', async () => {
    const {paths} = await publishAndCompare((client) =>
      client.create(landingPage('lp-spread', 'spread-week', ['indicator-spread'])),
    )
    expect(paths).toEqual(expect.arrayContaining(['/spread-week', '/sitemap.xml']))
    expect(paths).not.toContain('/python')
    expect(paths).not.toContain('/example-festival-offer')
    expect(served('/spread-week')).toBe(true)
    expect(sitemap()).toContain('/spread-week</loc>')
    expect(readReads(live)['/spread-week']).toMatchObject({landingPage: 'lp-spread'})
  }, 60_000)

  it('a price re-renders the landing pages that show that indicator, and only those', async () => {
    const {paths} = await publishAndCompare((client) =>
      client.patch('indicator-spread').set({price: 650}).commit(),
    )
    expect(paths).toEqual(expect.arrayContaining(['/tradingview', '/spread-week']))
    expect(paths).not.toContain('/example-festival-offer')
    expect(readFileSync(join(live, 'client', 'spread-week', 'index.html'), 'utf8')).toContain(
      '₹650',
    )
  }, 60_000)

  it('takes the folders made for it beside the live release, and still equals a full build', async () => {
    prepareFolders(live)
    const made = join(live, NEXT_FOLDERS)
    const folders = (root: string) =>
      readdirSync(root, {recursive: true, withFileTypes: true})
        .filter((entry) => entry.isDirectory())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)))
        .sort()
    expect(folders(made)).toEqual(folders(join(live, 'client')))
    expect(folders(made)).toContain('spread-week')
    const files = readdirSync(made, {recursive: true, withFileTypes: true}).filter((entry) =>
      entry.isFile(),
    )
    expect(files).toEqual([])
    const {previous} = await publishAndCompare((client) =>
      client.patch('lp-spread').set({title: 'Spread week, its folders ready'}).commit(),
    )
    expect(existsSync(join(previous, NEXT_FOLDERS))).toBe(false)
  }, 60_000)

  it('an edit of one landing page renders that page, and no other landing page', async () => {
    const {paths} = await publishAndCompare((client) =>
      client
        .patch('lp-spread')
        .set({'sections[_key=="hero"].heading': 'Spread week, extended'})
        .commit(),
    )
    // Besides the page: the lists of landing pages (the sitemap, the redirects, which a landing page's address
    // shadows), and the indicators page, which reads its posters through a dereference that names every document.
    // Each renders again; bytes that come out unchanged are not purged.
    expect(paths.sort()).toEqual(['/sitemap.xml', '/spread-week', '/tradingview', '_redirects'])
  }, 60_000)

  it('a new slug moves the page: the old address is removed, the new one rendered', async () => {
    const {paths} = await publishAndCompare((client) =>
      client
        .patch('lp-spread')
        .set({slug: {_type: 'slug', current: 'spread-month'}})
        .commit(),
    )
    expect(paths).toEqual(expect.arrayContaining(['/spread-week', '/spread-month', '/sitemap.xml']))
    expect(served('/spread-week')).toBe(false)
    expect(served('/spread-month')).toBe(true)
    expect(sitemap()).not.toContain('/spread-week</loc>')
  }, 60_000)

  it("a landing page at a fixed page's address is never served, and the render says so", async () => {
    const warn = vi.spyOn(renderLog(), 'warn').mockImplementation(() => undefined)
    const contactus = readFileSync(join(live, 'client', 'contactus', 'index.html'))
    const {paths} = await publishAndCompare((client) =>
      client.create(landingPage('lp-clash', 'contactus', ['indicator-iv'])),
    )
    expect(paths).not.toContain('/contactus')
    expect(readFileSync(join(live, 'client', 'contactus', 'index.html'))).toEqual(contactus)
    expect(readReads(live)['/contactus']?.landingPage).toBeUndefined()
    expect(warn).toHaveBeenCalledWith(
      `[landing] left out landingPage lp-clash (slug "contactus"): /contactus is one of the site's own pages.`,
    )
    warn.mockRestore()
  }, 60_000)

  it('redirects are written to _redirects; a loop is left out and the render says so', async () => {
    const warn = vi.spyOn(renderLog(), 'warn').mockImplementation(() => undefined)
    const {paths} = await publishAndCompare((client) =>
      client
        .transaction()
        .create({
          _id: 'r-week',
          _type: 'redirect',
          from: '/spread-week',
          to: '/spread-month',
          permanent: true,
        })
        .create({_id: 'r-a', _type: 'redirect', from: '/loop-a', to: '/loop-b', permanent: false})
        .create({_id: 'r-b', _type: 'redirect', from: '/loop-b', to: '/loop-a', permanent: false})
        .commit(),
    )
    expect(paths).toContain('_redirects')
    const redirects = readFileSync(join(live, 'client', '_redirects'), 'utf8')
    expect(redirects.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      '/spread-week /spread-month 301',
    ])
    expect(warn).toHaveBeenCalledWith(
      '[redirects] left out redirect r-a (from "/loop-a"): /loop-a is part of a redirect loop.',
    )
    warn.mockRestore()
  }, 60_000)

  it('thirty landing pages at once are rendered by both threads, as a full render does', async () => {
    const ids = Array.from({length: 30}, (_, index) => `lp-many-${index}`)
    const {paths} = await publishAndCompare((client) =>
      ids
        .reduce(
          (transaction, id, index) =>
            transaction.create(landingPage(id, `many-${index}`, ['indicator-spread'])),
          client.transaction(),
        )
        .commit(),
    )
    expect(paths.filter((path) => path.startsWith('/many-'))).toHaveLength(30)
    expect(readReads(live)['/many-29']).toMatchObject({landingPage: 'lp-many-29'})
    await publishAndCompare((client) =>
      ids.reduce((transaction, id) => transaction.delete(id), client.transaction()).commit(),
    )
    expect(served('/many-0')).toBe(false)
  }, 120_000)

  it('a deleted landing page is removed from the release and the sitemap', async () => {
    const {paths} = await publishAndCompare((client) =>
      client.transaction().delete('lp-spread').delete('lp-clash').commit(),
    )
    expect(paths).toEqual(expect.arrayContaining(['/spread-month', '/sitemap.xml']))
    expect(served('/spread-month')).toBe(false)
    expect(sitemap()).not.toContain('/spread-month</loc>')
    expect(readReads(live)['/spread-month']).toBeUndefined()
  }, 60_000)
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
