// Every server as the person on call reads it, on throwaway parts behind a real edge (Varnish): each is alive and
// ready on its own port and answers its metrics there, never through the edge; and the numbers move by exactly what
// happened: a publish counts one render gone live, a publish while the edge is stopped counts failed purges and
// tags waiting (the publish itself still live), and a lead counts one mail sent, in supabase/local's numbers only.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {editDraft, publishDraft} from '@quantedge/content/editor'
import {
  startTestSupabase,
  visitorClient,
  type TestSupabase,
} from '@quantedge/supabase/local/testing/testSupabase'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {scrape, type Scrape} from '@quantedge/test-support/metrics'

let stack: EditorialStack
let supabase: TestSupabase

beforeAll(async () => {
  ;[stack, supabase] = await Promise.all([startEditorialStack({edge: true}), startTestSupabase()])
  // The hook is ready once its render process has warmed up (readiness.test.ts shows it is not before).
  await stack.live.prepared
}, 240_000)
afterAll(async () => {
  await stack?.close()
  await supabase?.close()
})

const hookOrigin = () => new URL(stack.live.hook.url).origin
const servers = () => ({
  'site': stack.live.site.url,
  'publish-hook': hookOrigin(),
  'preview': stack.preview.url,
  'content-lake': stack.lake.url,
  'supabase': supabase.url,
})

async function publishPrice(price: number) {
  await editDraft(stack.editor, 'indicator-straddle', {price})
  await publishDraft(stack.editor, 'indicator-straddle')
  await expect
    .poll(async () =>
      (await (await fetch(`${stack.live.site.url}/tradingview`)).text()).includes(`₹${price}`),
    )
    .toBe(true)
}

const publishes = (metrics: Scrape, kind: string, outcome: string) =>
  metrics.value('quantedge_publishes_total', {kind, outcome})

it('answers alive, ready and its metrics on each server’s own port', async () => {
  for (const [server, origin] of Object.entries(servers())) {
    const alive = await fetch(`${origin}/healthz`)
    expect(await alive.json(), server).toEqual({status: 'ok', server})
    const ready = await fetch(`${origin}/readyz`)
    expect(ready.status, server).toBe(200)
    expect(await ready.json(), server).toMatchObject({status: 'ready', server})
    const metrics = await scrape(origin)
    expect(metrics.value('process_resident_memory_bytes'), server).toBeGreaterThan(0)
    expect(metrics.text, server).toContain(
      `quantedge_http_request_duration_seconds_count{server="${server}"`,
    )
  }
})

it('never answers /metrics through the edge', async () => {
  const response = await fetch(`${stack.edge!.url}/metrics`)
  expect(response.status).toBe(404)
  expect(await response.text()).toBe('Not Found\n')
  // Through the edge the site server sees a proxied request: it would refuse it too.
  const proxied = await fetch(`${stack.live.site.url}/metrics`, {
    headers: {'X-Forwarded-For': '203.0.113.9'},
  })
  expect(proxied.status).toBe(403)
})

it('moves the counters by exactly a publish, a failed purge and a lead', async () => {
  const before = {hook: await scrape(hookOrigin()), supabase: await scrape(supabase.url)}

  await publishPrice(811)
  await expect
    .poll(async () => publishes(await scrape(hookOrigin()), 'render', 'live'))
    .toBe(publishes(before.hook, 'render', 'live') + 1)
  // Its purge done: nothing waits, nothing failed.
  await expect
    .poll(async () => (await scrape(hookOrigin())).value('quantedge_edge_purge_queue'))
    .toBe(0)
  const published = await scrape(hookOrigin())
  expect(publishes(published, 'full build', 'live')).toBe(
    publishes(before.hook, 'full build', 'live'),
  )
  expect(publishes(published, 'render', 'failed')).toBe(0)
  expect(
    published.value('quantedge_publish_duration_seconds_count', {kind: 'render', outcome: 'live'}),
  ).toBe(
    before.hook.value('quantedge_publish_duration_seconds_count', {
      kind: 'render',
      outcome: 'live',
    }) + 1,
  )
  expect(published.value('quantedge_edge_purge_failures_total')).toBe(0)

  // The edge stops: the next publish still goes live on the site, and its purge fails, is retried, and waits.
  await stack.edge!.close()
  await publishPrice(822)
  await expect
    .poll(async () => (await scrape(hookOrigin())).value('quantedge_edge_purge_failures_total'))
    .toBeGreaterThanOrEqual(1)
  const unpurged = await scrape(hookOrigin())
  expect(unpurged.value('quantedge_edge_purge_queue')).toBeGreaterThanOrEqual(1)
  expect(publishes(unpurged, 'render', 'live')).toBe(publishes(before.hook, 'render', 'live') + 2)
  expect(
    publishes(unpurged, 'render', 'failed') + publishes(unpurged, 'full build', 'failed'),
  ).toBe(0)
  // None of it is supabase/local's business.
  const untouched = await scrape(supabase.url)
  expect(untouched.value('quantedge_lead_mails_sent')).toBe(
    before.supabase.value('quantedge_lead_mails_sent'),
  )

  // A lead: one mail sent, and no publish.
  const {error} = await visitorClient(supabase.url, '127.0.10.1')
    .from('free_estimate_requests')
    .insert({
      name: 'Operations lead',
      email: 'operations-lead@example.com',
      phone: '+91 98765 43210',
      platforms: ['TradingView'],
      requirements: ['Indicator Development'],
      description: 'An indicator for my strategy.',
      terms_accepted: true,
      ownership_confirmed: true,
    })
  expect(error).toBeNull()
  await expect
    .poll(async () => (await scrape(supabase.url)).value('quantedge_lead_mails_sent'))
    .toBe(before.supabase.value('quantedge_lead_mails_sent') + 1)
  const led = await scrape(supabase.url)
  expect(led.value('quantedge_lead_outbox_pending')).toBe(0)
  expect(led.value('quantedge_lead_mails_failed')).toBe(
    before.supabase.value('quantedge_lead_mails_failed'),
  )
  const afterLead = await scrape(hookOrigin())
  for (const kind of ['render', 'full build'])
    for (const outcome of ['live', 'failed'])
      expect(publishes(afterLead, kind, outcome), `${kind} ${outcome}`).toBe(
        publishes(unpurged, kind, outcome),
      )
})

it('answers every metric docs/operations.md names (its alert rules too), and no other of our own', async () => {
  // A name as the exposition writes a histogram's series, or the doc a family (`quantedge_lead_outbox_*`), is its metric.
  const metricOf = (name: string) => name.replace(/_(bucket|sum|count)$/, '')
  const documented = new Set(
    (
      readFileSync(join(repositoryRoot, 'docs', 'operations.md'), 'utf8').match(
        /quantedge_[a-z_]+/g,
      ) ?? []
    )
      .filter((name) => !name.endsWith('_'))
      .map(metricOf),
  )
  const answered = new Set<string>()
  for (const origin of Object.values(servers()))
    for (const name of (await scrape(origin)).text.match(/^quantedge_[a-z_]+/gm) ?? [])
      answered.add(metricOf(name))
  expect([...documented].sort()).toEqual([...answered].sort())
})
