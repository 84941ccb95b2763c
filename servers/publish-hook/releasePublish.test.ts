// A Diwali offer as one Content Release, on throwaway parts (a seeded lake sending webhooks and live events, the
// publish hook, the public site, the preview): two indicator prices and a plan price change together. The
// preview shows the release by name before it goes out; the public site shows all three changes or none, as a
// visitor polling it throughout sees, whether the release is published by hand or at its scheduled time.
import {formatRupees} from '@quantedge/schemas/price'
import {previewLink} from '@quantedge/content/editor'
import {
  addToRelease,
  createRelease,
  editInRelease,
  publishRelease,
  scheduleRelease,
} from '@quantedge/content/releases'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

const STRADDLE = 'indicator-straddle'
const STRANGLE = 'indicator-strangle'
const PLAN = 'plan-index-quant-metrics'

/** The three changes of an offer: each page shows which of them it carries. */
type Offer = {straddle: number; strangle: number; plan: number}

let stack: EditorialStack

/** Makes a release holding the offer's three prices; the published documents are untouched. */
async function offerRelease(title: string, offer: Offer) {
  const releaseId = await createRelease(stack.editor, title)
  for (const [id, price] of [
    [STRADDLE, offer.straddle],
    [STRANGLE, offer.strangle],
    [PLAN, offer.plan],
  ] as const) {
    await addToRelease(stack.editor, releaseId, id)
    await editInRelease(stack.editor, releaseId, id, {price})
  }
  return releaseId
}

/** Which of the offer's prices a page's HTML shows: the indicators on /tradingview, the plan on /. */
const showsPrice = (html: string, price: number) => html.includes(formatRupees(price))

type Sighting = {at: number; path: string; seen: boolean[]}

/**
 * Fetches /tradingview and / one after the other until both show the whole offer (bounded at 90 s), noting which
 * of the offer's prices each answer showed.
 */
async function watchSite(offer: Offer): Promise<Sighting[]> {
  const sightings: Sighting[] = []
  const deadline = Date.now() + 90_000
  const pages = [
    {path: '/tradingview', prices: [offer.straddle, offer.strangle]},
    {path: '/', prices: [offer.plan]},
  ]
  const done = () =>
    pages.every(({path}) => sightings.findLast((s) => s.path === path)?.seen.every(Boolean))
  while (!done() && Date.now() < deadline) {
    for (const {path, prices} of pages) {
      const html = await (await fetch(`${stack.live.site.url}${path}`)).text()
      sightings.push({at: Date.now(), path, seen: prices.map((price) => showsPrice(html, price))})
    }
  }
  return sightings
}

/** No answer shows part of the offer, and once one showed it, none after shows the old prices. */
function expectAllOrNothing(sightings: Sighting[]) {
  const partial = sightings.filter(({seen}) => seen.some(Boolean) && !seen.every(Boolean))
  expect(partial).toEqual([])
  const first = sightings.findIndex(({seen}) => seen.every(Boolean))
  expect(first).toBeGreaterThanOrEqual(0)
  const oldAfter = sightings.slice(first).filter(({seen}) => !seen.every(Boolean))
  expect(oldAfter).toEqual([])
  expect(sightings.at(-1)!.seen.every(Boolean)).toBe(true)
}

/** Waits until the hook is idle with a rebuild after `after`, and returns those rebuilds. */
async function rebuildsAfter(after: number) {
  await expect
    .poll(
      async () => {
        const status = await stack.hookStatus()
        return (
          !status.building && status.waiting === 0 && (status.rebuilds.at(-1)?.number ?? 0) > after
        )
      },
      {timeout: 60_000, interval: 50},
    )
    .toBe(true)
  // A trigger that came late would show as another rebuild within a debounce and a render.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  return (await stack.hookStatus()).rebuilds.filter(({number}) => number > after)
}

const lastNumber = async () => (await stack.hookStatus()).rebuilds.at(-1)?.number ?? 0

async function publishedByHand() {
  const offer = {straddle: 421, strangle: 422, plan: 2921}
  const releaseId = await offerRelease('Diwali offer', offer)
  const before = await lastNumber()
  const watching = watchSite(offer)
  await publishRelease(stack.editor, releaseId)
  expectAllOrNothing(await watching)
  const rebuilds = await rebuildsAfter(before)
  expect(rebuilds).toHaveLength(1)
  expect(rebuilds[0]).toMatchObject({ok: true, kind: 'render'})
  expect(rebuilds[0]!.paths).toEqual(expect.arrayContaining(['/tradingview', '/']))
}

describe('a release of two indicator prices and a plan price, with webhooks and the Live Content API', () => {
  beforeAll(async () => {
    stack = await startEditorialStack()
  }, 120_000)
  afterAll(async () => {
    await stack?.close()
  })

  it('shows in the preview under its name, not on the public site, until it is published', async () => {
    const offer = {straddle: 411, strangle: 412, plan: 2911}
    const releaseId = await offerRelease('Preview offer', offer)
    const enable = await fetch(
      await previewLink(
        stack.editor,
        stack.preview.url,
        '/tradingview',
        'http://localhost:3333',
        releaseId,
      ),
      {redirect: 'manual'},
    )
    expect(enable.status).toBe(307)
    const cookie = enable.headers.get('set-cookie')!.split(';')[0]!
    const preview = await (
      await fetch(`${stack.preview.url}/tradingview`, {headers: {cookie}})
    ).text()
    expect(preview).toContain(
      'this page shows the release “Preview offer”, over unpublished drafts.',
    )
    expect(showsPrice(preview, offer.straddle) && showsPrice(preview, offer.strangle)).toBe(true)
    const home = await (await fetch(`${stack.preview.url}/`, {headers: {cookie}})).text()
    expect(showsPrice(home, offer.plan)).toBe(true)

    const drafts = await fetch(
      `${stack.preview.url}/tradingview?sanity-preview-perspective=drafts`,
      {
        headers: {cookie},
      },
    )
    expect(await drafts.text()).toContain('this page shows unpublished drafts.')
    const refused = await fetch(`${stack.preview.url}/?sanity-preview-perspective=raw`, {
      headers: {cookie},
    })
    expect(refused.status).toBe(400)

    const site = await (await fetch(`${stack.live.site.url}/tradingview`)).text()
    expect(showsPrice(site, offer.straddle)).toBe(false)
  }, 60_000)

  it('published by hand: one render, and a visitor never sees part of it', publishedByHand, 120_000)

  it('scheduled 10 s ahead: at publishAt the site serves all three changes, never one without the others', async () => {
    const offer = {straddle: 431, strangle: 432, plan: 2931}
    const releaseId = await offerRelease('Midnight offer', offer)
    const publishAt = new Date(Date.now() + 10_000)
    await scheduleRelease(stack.editor, releaseId, publishAt.toISOString())
    const sightings = await watchSite(offer)
    expectAllOrNothing(sightings)
    const firstNew = sightings.find(({seen}) => seen.every(Boolean))!
    expect(firstNew.at).toBeGreaterThanOrEqual(publishAt.getTime())
    expect(await stack.editor.releases.get({releaseId})).toMatchObject({state: 'published'})
  }, 120_000)
})

// Webhooks come one per document: the hook finds the rest of the release's transaction from the first.
describe('a release published by hand, with webhooks alone', () => {
  beforeAll(async () => {
    stack = await startEditorialStack({followLive: false})
  }, 120_000)
  afterAll(async () => {
    await stack?.close()
  })

  it(
    'makes one render of every page the release touches, and a visitor never sees part of it',
    publishedByHand,
    120_000,
  )
})
