import {mkdtempSync, mkdirSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {Publisher, type RenderJob} from './publisher.ts'

/** A publisher over a throwaway folder whose renders are recorded and whose switches are counted. */
function recordingPublisher() {
  const releasesDir = mkdtempSync(join(tmpdir(), 'publisher-'))
  const renders: RenderJob[] = []
  const switched: string[] = []
  /** How long each render takes, in fake time. */
  const renderMs = {value: 0}
  const publisher = new Publisher({
    releasesDir,
    liveBuildDir: join(releasesDir, '00000-first'),
    build: async (buildDir) => mkdirSync(join(buildDir, 'client')),
    canRenderFrom: () => true,
    render: async (job) => {
      renders.push(job)
      await new Promise((resolve) => setTimeout(resolve, renderMs.value))
      return {paths: ['/tradingview'], steps: [{step: 'render the pages', ms: renderMs.value}]}
    },
    swap: (siteDir) => switched.push(siteDir),
    debounceMs: 1000,
    renderDebounceMs: 100,
    log: {info: () => {}, warn: () => {}, error: () => {}},
  })
  return {publisher, renders, switched, releasesDir, renderMs}
}

describe('Publisher', () => {
  let parts: ReturnType<typeof recordingPublisher>
  beforeEach(() => {
    vi.useFakeTimers()
    parts = recordingPublisher()
  })
  afterEach(async () => {
    await parts.publisher.close()
    vi.useRealTimers()
    rmSync(parts.releasesDir, {recursive: true, force: true})
  })

  it('holds the next render while a trigger looks up the rest of a transaction, then renders it all at once', async () => {
    const {publisher, renders, switched} = parts
    const release = publisher.hold()
    publisher.request('live event', ['id:indicator-straddle'])
    await vi.advanceTimersByTimeAsync(500)
    expect(renders).toEqual([])
    publisher.request('update indicator-straddle and 2 more of its transaction', [
      'id:indicator-strangle',
      'id:plan-index',
    ])
    release()
    await vi.advanceTimersByTimeAsync(500)
    expect(renders).toHaveLength(1)
    expect([...renders[0]!.changedTags].sort()).toEqual([
      'id:indicator-straddle',
      'id:indicator-strangle',
      'id:plan-index',
    ])
    expect(switched).toHaveLength(1)
    expect(publisher.status().rebuilds).toMatchObject([{ok: true, kind: 'render'}])
  })

  it('keeps the live release and the one before it, and removes the older ones behind the switch', async () => {
    const {publisher, releasesDir, renders} = parts
    for (const price of [1, 2, 3, 4]) {
      publisher.request(`price ${price}`, ['id:indicator-straddle'])
      await vi.advanceTimersByTimeAsync(500)
    }
    await publisher.close()
    expect(renders).toHaveLength(4)
    const left = readdirSync(releasesDir).sort()
    expect(left).toHaveLength(2)
    expect(left[1]).toBe(publisher.status().live)
    expect(left.every((release) => /^0000[34]-/.test(release))).toBe(true)
  })

  it('says where a render’s time went: the wait for the debounce, the render’s steps, the switch', async () => {
    const {publisher, renderMs} = parts
    renderMs.value = 40
    publisher.request('update indicator-straddle', ['id:indicator-straddle'])
    await vi.advanceTimersByTimeAsync(500)
    const [outcome] = publisher.status().rebuilds
    expect(outcome?.steps?.map(({step}) => step)).toEqual([
      'wait (debounce, holds, a build before)',
      'render the pages',
      'switch the release in, tell the edge',
    ])
    expect(outcome?.steps?.[0]?.ms).toBe(100)
    expect(outcome?.steps?.[1]?.ms).toBe(40)
  })

  it('renders once the last of several holds is released, and a hold released twice counts once', async () => {
    const {publisher, renders} = parts
    const first = publisher.hold()
    const second = publisher.hold()
    publisher.request('update plan-index', ['id:plan-index'])
    first()
    first()
    await vi.advanceTimersByTimeAsync(500)
    expect(renders).toEqual([])
    second()
    await vi.advanceTimersByTimeAsync(0)
    expect(renders).toHaveLength(1)
  })

  it('starts nothing when a hold is released with nothing asked for', async () => {
    const {publisher, renders} = parts
    publisher.hold()()
    await vi.advanceTimersByTimeAsync(2000)
    expect(renders).toEqual([])
    expect(publisher.status()).toMatchObject({building: false, waiting: 0, rebuilds: []})
  })

  it('does not switch in a render during which another change came, and renders again with both', async () => {
    const {publisher, renders, switched, renderMs} = parts
    renderMs.value = 1000
    publisher.request('update sitePage-home', ['id:sitePage-home'])
    await vi.advanceTimersByTimeAsync(500)
    expect(renders).toHaveLength(1)
    publisher.request('live event: a release of 3 documents', [
      'id:indicator-straddle',
      'id:plan-index',
    ])
    await vi.advanceTimersByTimeAsync(800)
    expect(switched).toEqual([])
    await vi.advanceTimersByTimeAsync(1500)
    expect(renders).toHaveLength(2)
    expect([...renders[1]!.changedTags].sort()).toEqual([
      'id:indicator-straddle',
      'id:plan-index',
      'id:sitePage-home',
    ])
    expect(switched).toHaveLength(1)
    expect(publisher.status().rebuilds).toMatchObject([
      {ok: true, reasons: ['update sitePage-home', 'live event: a release of 3 documents']},
    ])
  })

  it('switches in the third render in a row even when changes keep coming, so a stream of them cannot starve the site', async () => {
    const {publisher, renders, switched, renderMs} = parts
    renderMs.value = 1000
    publisher.request('change 0', ['id:a'])
    for (let change = 1; change <= 3; change += 1) {
      await vi.advanceTimersByTimeAsync(600)
      publisher.request(`change ${change}`, [`id:${change}`])
      await vi.advanceTimersByTimeAsync(600)
    }
    expect(renders.length).toBeGreaterThanOrEqual(3)
    expect(switched).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(3000)
    expect(switched).toHaveLength(2)
  })
})
