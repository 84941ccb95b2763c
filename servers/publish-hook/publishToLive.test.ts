// Publish to live through the whole hook, on throwaway parts: a seeded lake that sends webhooks and serves the
// Live Content API, the publish hook following both, and the public site it keeps up to date. Changes are made as
// the Studio makes them (the Actions API), and what the site serves is read back over HTTP.
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {encodeSignatureHeader} from '@sanity/webhook'
import {editDraft, publishDraft} from '@quantedge/content/editor'
import {
  startEditorialStack,
  TEST_WEBHOOK_SECRET,
  type EditorialStack,
} from '@quantedge/test-support/editorialStack'
import {afterAll, beforeAll, describe, expect, it, onTestFinished} from 'vitest'
import {NEXT_FOLDERS} from '@quantedge/web/prerender/incremental'
import {REDIRECTS_OUTPUT} from '@quantedge/web/prerender/redirects'
import type {RebuildOutcome} from './publisher.ts'

const lastNumber = async (stack: EditorialStack) =>
  (await stack.hookStatus()).rebuilds.at(-1)?.number ?? 0

/** Waits until nothing is pending or building, and returns the rebuilds numbered after `after`. */
async function settledAfter(stack: EditorialStack, after: number): Promise<RebuildOutcome[]> {
  let status = await stack.hookStatus()
  await expect
    .poll(
      async () => {
        status = await stack.hookStatus()
        return (
          !status.building && status.waiting === 0 && (status.rebuilds.at(-1)?.number ?? 0) > after
        )
      },
      {timeout: 60_000, interval: 50},
    )
    .toBe(true)
  // A trigger that came late would show as another rebuild within a debounce and a render.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  status = await stack.hookStatus()
  return status.rebuilds.filter(({number}) => number > after)
}

const served = async (stack: EditorialStack, path: string) => {
  const response = await fetch(`${stack.live.site.url}${path}`)
  return {status: response.status, html: await response.text()}
}

async function publishPrice(stack: EditorialStack, price: number) {
  await editDraft(stack.editor, 'indicator-straddle', {price})
  await publishDraft(stack.editor, 'indicator-straddle')
}

/** Every output of the live release, from what each read (reads.json beside its client folder). */
/** The live release's pages: its outputs but the redirects file, which reads no site settings. */
const livePages = async (stack: EditorialStack) => {
  const reads = join(stack.releasesDir, (await stack.hookStatus()).live, 'reads.json')
  return Object.keys(JSON.parse(readFileSync(reads, 'utf8')) as object)
    .filter((output) => output !== REDIRECTS_OUTPUT)
    .sort()
}

async function sendWebhook(stack: EditorialStack, projection: object, answer: string) {
  const body = JSON.stringify(projection)
  const response = await fetch(stack.live.hook.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'sanity-webhook-signature': await encodeSignatureHeader(
        body,
        Date.now(),
        TEST_WEBHOOK_SECRET,
      ),
      'sanity-operation': 'update',
    },
    body,
  })
  expect(response.status).toBe(202)
  expect(await response.json()).toEqual({message: answer})
}

describe('with webhooks and the Live Content API', () => {
  let stack: EditorialStack
  beforeAll(async () => {
    stack = await startEditorialStack()
  }, 180_000)
  afterAll(async () => {
    await stack?.close()
  })

  it("re-renders an indicator's pages once for both triggers, and serves the new price", async () => {
    const before = await lastNumber(stack)
    await publishPrice(stack, 811)
    const rebuilds = await settledAfter(stack, before)
    expect(rebuilds).toHaveLength(1)
    const [render] = rebuilds
    expect(render).toMatchObject({ok: true, kind: 'render'})
    expect(render!.reasons).toEqual(
      expect.arrayContaining(['live event', 'update indicator-straddle']),
    )
    expect(render!.paths).toContain('/tradingview')
    expect(render!.paths).not.toContain('/privacy')
    expect((await served(stack, '/tradingview')).html).toContain('₹811')
  }, 90_000)

  it("makes the next release's folders beside the live one while it waits for the next publish", async () => {
    const before = await lastNumber(stack)
    await publishPrice(stack, 812)
    await settledAfter(stack, before)
    const live = join(stack.releasesDir, (await stack.hookStatus()).live)
    await expect.poll(() => existsSync(join(live, NEXT_FOLDERS))).toBe(true)
    expect(existsSync(join(live, NEXT_FOLDERS, 'tradingview'))).toBe(true)
    // The next render takes them: they leave the release it starts from.
    await publishPrice(stack, 813)
    await settledAfter(stack, before + 1)
    expect(existsSync(join(live, NEXT_FOLDERS))).toBe(false)
    expect((await served(stack, '/tradingview')).html).toContain('₹813')
  }, 90_000)

  it('coalesces a burst: every indicator published at once, all live, in fewer renders than publishes', async () => {
    const ids = await stack.editor.fetch<string[]>('*[_type == "indicator"]._id')
    expect(ids.length).toBeGreaterThanOrEqual(6)
    const before = await lastNumber(stack)
    // All in flight together, as a team publishing at once (HTTP/1.1: a connection each).
    await Promise.all(
      ids.map(async (id, index) => {
        await editDraft(stack.editor, id, {price: 900 + index})
        await publishDraft(stack.editor, id)
      }),
    )
    const rebuilds = await settledAfter(stack, before)
    expect(rebuilds.every(({ok, kind}) => ok && kind === 'render')).toBe(true)
    expect(rebuilds.length).toBeLessThan(ids.length)
    const html = (await served(stack, '/tradingview')).html
    for (const index of ids.keys()) expect(html).toContain(`₹${900 + index}`)
  }, 90_000)

  it("re-renders every page for the site settings' footer text", async () => {
    const before = await lastNumber(stack)
    await stack.editor.patch('siteSettings').set({footerDisclaimer: 'Markets carry risk.'}).commit()
    const [render] = await settledAfter(stack, before)
    expect(render).toMatchObject({ok: true, kind: 'render'})
    expect(render!.paths!.sort()).toEqual(await livePages(stack))
    expect((await served(stack, '/privacy')).html).toContain('Markets carry risk.')
  }, 90_000)

  it('keeps the old release live and reports it when a partial render fails', async () => {
    const page = await stack.editor.getDocument('sitePage-python')
    const before = await lastNumber(stack)
    const {live} = await stack.hookStatus()
    const python = await served(stack, '/python')
    await stack.editor.delete('sitePage-python')
    const [failed] = await settledAfter(stack, before)
    expect(failed).toMatchObject({ok: false, kind: 'render'})
    expect(failed!.error).toMatch(/\/python/)
    expect((await stack.hookStatus()).live).toBe(live)
    expect(await served(stack, '/python')).toEqual({status: 200, html: python.html})

    const restored = await lastNumber(stack)
    await stack.editor.createOrReplace(page!)
    const [repaired] = await settledAfter(stack, restored)
    expect(repaired).toMatchObject({ok: true, kind: 'render'})
  }, 90_000)

  it('reports a render whose process died, keeps the old release, and renders the next publish in a new process', async () => {
    const pid = stack.live.renderer.pid()!
    const before = await lastNumber(stack)
    const {live} = await stack.hookStatus()
    // Held still, the render process cannot answer before it is killed (and is killed whatever happens).
    process.kill(pid, 'SIGSTOP')
    onTestFinished(() => {
      if (stack.live.renderer.pid() === pid) process.kill(pid, 'SIGKILL')
    })
    await publishPrice(stack, 861)
    await expect.poll(async () => (await stack.hookStatus()).building, {interval: 5}).toBe(true)
    process.kill(pid, 'SIGKILL')
    // Read as the render fails: this publish's webhook, when it came after the live event's render had started (a
    // busy machine delivers it late), renders the same change again right after, in a new process, and may be live
    // by the time every rebuild has settled.
    let status = await stack.hookStatus()
    await expect
      .poll(
        async () => {
          status = await stack.hookStatus()
          return status.rebuilds.some(({number}) => number > before)
        },
        {interval: 5},
      )
      .toBe(true)
    const failed = status.rebuilds.find(({number}) => number > before)
    expect(failed).toMatchObject({ok: false, kind: 'render'})
    expect(failed!.error).toMatch(/render process stopped \(SIGKILL\)/)
    expect(status.live).toBe(live)
    expect((await served(stack, '/tradingview')).html).not.toContain('₹861')
    await settledAfter(stack, before)

    const next = await lastNumber(stack)
    await publishPrice(stack, 862)
    const [render] = await settledAfter(stack, next)
    expect(render).toMatchObject({ok: true, kind: 'render'})
    expect(stack.live.renderer.pid()).not.toBe(pid)
    expect((await served(stack, '/tradingview')).html).toContain('₹862')
  }, 90_000)

  it('ends with the newer content after two publishes in quick succession', async () => {
    const before = await lastNumber(stack)
    await publishPrice(stack, 821)
    await publishPrice(stack, 822)
    await settledAfter(stack, before)
    expect((await served(stack, '/tradingview')).html).toContain('₹822')

    // The second publish while the first one's render is running.
    const during = await lastNumber(stack)
    await publishPrice(stack, 831)
    await expect.poll(async () => (await stack.hookStatus()).building, {interval: 5}).toBe(true)
    await publishPrice(stack, 832)
    const rebuilds = await settledAfter(stack, during)
    expect(rebuilds.every(({ok}) => ok)).toBe(true)
    const html = (await served(stack, '/tradingview')).html
    expect(html).toContain('₹832')
    expect(html).not.toContain('₹831')
  }, 90_000)

  it("re-renders from a webhook's document alone, and takes a full build for a type the site does not know", async () => {
    const before = await lastNumber(stack)
    await sendWebhook(
      stack,
      {_id: 'legalPage-terms', _type: 'legalPage', _rev: 'r1'},
      'Scheduled: the pages this document touches are rendered again',
    )
    const [render] = await settledAfter(stack, before)
    expect(render).toMatchObject({ok: true, kind: 'render', reasons: ['update legalPage-terms']})
    expect(render!.paths).toContain('/terms')
    expect(render!.paths).not.toContain('/python')

    const next = await lastNumber(stack)
    await sendWebhook(
      stack,
      {_id: 'newsletter-1', _type: 'newsletter', _rev: 'r1'},
      'Scheduled: the site is built again',
    )
    const [full] = await settledAfter(stack, next)
    expect(full).toMatchObject({
      ok: true,
      kind: 'full build',
      reasons: ['update newsletter-1 (type newsletter, unknown to the site)'],
    })
  }, 90_000)
})

describe('with the Live Content API alone', () => {
  let stack: EditorialStack
  beforeAll(async () => {
    stack = await startEditorialStack({webhooks: false})
  }, 180_000)
  afterAll(async () => {
    await stack?.close()
  })

  it('re-renders what the sync tags of a publish touch', async () => {
    const before = await lastNumber(stack)
    await publishPrice(stack, 841)
    const [render] = await settledAfter(stack, before)
    expect(render).toMatchObject({ok: true, kind: 'render', reasons: ['live event']})
    expect((await served(stack, '/tradingview')).html).toContain('₹841')
  }, 90_000)

  it('takes a full build once the connection is back, so a publish made while it was down goes live', async () => {
    const before = await lastNumber(stack)
    await stack.restartLake()
    await publishPrice(stack, 851)
    const rebuilds = await settledAfter(stack, before)
    expect(rebuilds).toContainEqual(
      expect.objectContaining({ok: true, kind: 'full build', reasons: ['live reconnected']}),
    )
    expect((await served(stack, '/tradingview')).html).toContain('₹851')
  }, 90_000)
})
