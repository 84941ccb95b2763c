// The publish hook keeps the edge (Varnish) in step: a published price shows through the edge once the hook has
// purged the one page whose bytes changed, while every other page stays in the edge's cache; the hook's status says
// what it purged. With two origins behind the edge, each following the lake itself, both switch to a publish and the
// edge is purged once (twice only when both switch at the same moment), never refilled from an origin still behind,
// and one origin stopping loses no request.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {editDraft, previewLink, publishDraft} from '@quantedge/content/editor'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import type {EdgeSync} from './edgeSync.ts'

const PAGES = ['/', '/tradingview', '/python', '/tradetron', '/subscribe', '/teampage', '/terms']

type EdgeStatus = ReturnType<EdgeSync['status']>

async function edgeStatus(hookUrl: string) {
  const status = (await (await fetch(hookUrl)).json()) as {edge: EdgeStatus}
  return status.edge
}

/** The edge's answer to `path`: its cache status and body. */
async function throughEdge(stack: EditorialStack, path: string) {
  const response = await fetch(`${stack.edge!.url}${path}`, {headers: {'Accept-Encoding': 'br'}})
  return {
    status: response.status,
    cache: response.headers.get('cache-status'),
    html: await response.text(),
  }
}

async function publishPrice(stack: EditorialStack, price: number) {
  await editDraft(stack.editor, 'indicator-straddle', {price})
  await publishDraft(stack.editor, 'indicator-straddle')
}

/** Every page in the edge's cache: asked until the edge answers it from there. */
async function warm(stack: EditorialStack) {
  for (const path of PAGES)
    await expect
      .poll(async () => (await throughEdge(stack, path)).cache, {message: path})
      .toBe('edge; hit')
}

describe('one origin', () => {
  let stack: EditorialStack
  beforeAll(async () => {
    stack = await startEditorialStack({edge: true})
  }, 180_000)
  afterAll(async () => {
    await stack?.close()
  })

  it('purged everything when it started, and serves every page from the edge after one fetch', async () => {
    const {purges} = await edgeStatus(stack.live.hook.url)
    expect(purges[0]).toMatchObject({tags: 1, attempts: 1})
    await warm(stack)
  })

  it('shows a published price through the edge once purged; the pages it did not change stay cached', async () => {
    await warm(stack)
    const purgesBefore = (await edgeStatus(stack.live.hook.url)).purges.length
    await publishPrice(stack, 733)
    await expect
      .poll(async () => (await throughEdge(stack, '/tradingview')).html.includes('₹733'))
      .toBe(true)
    const status = await edgeStatus(stack.live.hook.url)
    expect(status.purges.length).toBe(purgesBefore + 1)
    // The indicators page, and the seeded landing page that shows Straddle: no other page read its price.
    expect(status.lastDecision).toMatchObject({
      tags: ['/tradingview', '/example-festival-offer'],
      purgedBy: 'this origin',
    })
    expect(status.waiting).toEqual([])
    expect((await throughEdge(stack, '/tradingview')).cache).toBe('edge; hit')
    for (const path of PAGES.filter((path) => path !== '/tradingview'))
      expect((await throughEdge(stack, path)).cache, path).toBe('edge; hit')
  }, 60_000)

  it('never lets a cache keep the draft preview: its pages and its entry say no-store', async () => {
    const link = await previewLink(
      stack.editor,
      stack.preview.url,
      '/tradingview',
      'http://localhost:3333',
    )
    const entry = await fetch(link, {redirect: 'manual'})
    expect(entry.status).toBe(307)
    expect(entry.headers.get('cache-control')).toBe('no-store')
    const cookie = entry.headers.get('set-cookie')!.split(';')[0]!
    const page = await fetch(`${stack.preview.url}/tradingview`, {headers: {cookie}})
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('two origins', () => {
  let stack: EditorialStack
  beforeAll(async () => {
    stack = await startEditorialStack({edge: true, origins: 2})
  }, 240_000)
  afterAll(async () => {
    await stack?.close()
  })

  const purgesOf = async () =>
    Promise.all(stack.origins.map(async ({hook}) => (await edgeStatus(hook.url)).purges.length))

  it('switches both to a publish and purges the edge once (twice at most, on a tie), never refilled with the old page', async () => {
    await warm(stack)
    const before = await purgesOf()
    await publishPrice(stack, 744)
    for (const origin of stack.origins) {
      await expect
        .poll(async () =>
          (await (await fetch(`${origin.site.url}/tradingview`)).text()).includes('₹744'),
        )
        .toBe(true)
    }
    await expect
      .poll(async () => (await throughEdge(stack, '/tradingview')).html.includes('₹744'))
      .toBe(true)
    // Once the new price shows, no answer of the edge's goes back to the old one, whichever origin it asks.
    for (let request = 0; request < 20; request += 1)
      expect((await throughEdge(stack, '/tradingview')).html).toContain('₹744')
    await expect
      .poll(async () => {
        const decisions = await Promise.all(
          stack.origins.map(async ({hook}) => (await edgeStatus(hook.url)).lastDecision),
        )
        return decisions.every((decision) => decision?.tags.includes('/tradingview'))
      })
      .toBe(true)
    const after = await purgesOf()
    const purges = after.reduce((sum, count, index) => sum + count - before[index]!, 0)
    expect(purges).toBeGreaterThanOrEqual(1)
    expect(purges).toBeLessThanOrEqual(2)
  }, 90_000)

  it('loses no request when one origin stops', async () => {
    await warm(stack)
    await stack.origins[1]!.close()
    const statuses: number[] = []
    // Pages purged as a publish would, so the edge must fetch them again, from the origin still up.
    await stack.edge!.forHooks.purge(['/teampage', '/terms'])
    for (let round = 0; round < 10; round += 1)
      for (const path of PAGES) statuses.push((await throughEdge(stack, path)).status)
    expect(statuses.filter((status) => status !== 200)).toEqual([])
  }, 60_000)
})
