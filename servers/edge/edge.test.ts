// The local edge (Varnish with edge.vcl) in front of a site server, through HTTP as visitors and the publish hook
// reach it: pages from the cache, one copy per encoding, marketing links sharing a page's copy, purge by tag on the
// purge address only, nothing private or missing kept, every cached page answering while the origin is down, an
// origin's /metrics never answered, and an origin that is not ready (its /readyz) out of rotation until it is.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startSiteServer, type SiteServer} from '@quantedge/site-server/server'
import {startTestEdge, TEST_EDGE_PURGE_TOKEN, type TestEdge} from '@quantedge/test-support/edge'
import {freePort} from '@quantedge/test-support/freePort'
import {precompress} from '@quantedge/web/precompress'

let root: string
let originPort: number
let origin: SiteServer
let edge: TestEdge
const page = (name: string) => `<!doctype html><h1>${name}</h1>${'<p>text</p>'.repeat(300)}`

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'edge-site-'))
  for (const name of ['tradingview', 'python', 'teampage', 'terms', 'privacy', '404', 'assets'])
    mkdirSync(join(root, name))
  writeFileSync(join(root, 'index.html'), page('Home'))
  for (const name of ['tradingview', 'python', 'teampage', 'terms', 'privacy'])
    writeFileSync(join(root, name, 'index.html'), page(name))
  writeFileSync(join(root, 'tradingview.data'), '[{"price":500}]')
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\n')
  writeFileSync(join(root, 'assets', 'entry-abc123.js'), `console.log(${'1'.repeat(3000)})`)
  writeFileSync(join(root, '404', 'index.html'), '<h1>Page not found</h1>')
  writeFileSync(join(root, '__spa-fallback.html'), '<div id="shell"></div>')
  await precompress(root)
  originPort = await freePort()
  origin = await startSiteServer(root, originPort, '127.0.0.1', {edge: 'varnish'})
  edge = await startTestEdge([{host: '127.0.0.1', port: originPort}])
})
afterAll(async () => {
  await edge?.close()
  await origin?.close()
  rmSync(root, {recursive: true, force: true})
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${edge.url}${path}`, {headers: {'Accept-Encoding': 'br', ...headers}})
const cacheStatus = async (path: string, headers?: Record<string, string>) => {
  const response = await get(path, headers)
  await response.arrayBuffer()
  return response.headers.get('cache-status')
}
const purge = (tags: string, init: RequestInit = {}) =>
  fetch(edge.purgeUrl, {
    method: 'PURGE',
    headers: {'Authorization': `Bearer ${TEST_EDGE_PURGE_TOKEN}`, 'xkey-purge': tags},
    ...init,
  })

it('answers a page from the origin once, then from its cache, without the tags and edge directives', async () => {
  const first = await get('/tradingview')
  expect(first.status).toBe(200)
  expect(first.headers.get('cache-status')).toBe('edge; fwd=miss; stored')
  const second = await get('/tradingview')
  expect(second.headers.get('cache-status')).toBe('edge; hit')
  expect(await second.text()).toBe(page('tradingview'))
  for (const response of [first, second]) {
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    for (const internal of ['xkey', 'cdn-cache-control', 'surrogate-control', 'surrogate-key'])
      expect(response.headers.get(internal), internal).toBeNull()
  }
})

it('keeps one copy per encoding the origin offers, each with its own Content-Encoding', async () => {
  const encodings = {'br': 'br', 'gzip': 'gzip', 'identity': null, 'gzip, deflate, br, zstd': 'br'}
  for (const [accepted, sent] of Object.entries(encodings)) {
    const response = await get('/python', {'Accept-Encoding': accepted})
    expect(response.headers.get('content-encoding'), accepted).toBe(sent)
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(await response.text()).toBe(page('python'))
  }
  expect(await cacheStatus('/python', {'Accept-Encoding': 'gzip, deflate'})).toBe('edge; hit')
  expect(await cacheStatus('/python', {'Accept-Encoding': 'x-unknown'})).toBe('edge; hit')
})

it('answers a marketing link, or any query string, from the page’s own copy', async () => {
  await cacheStatus('/teampage')
  for (const query of ['?utm_source=instagram&utm_campaign=diwali', '?gclid=abc', '?x=1'])
    expect(await cacheStatus(`/teampage${query}`), query).toBe('edge; hit')
})

it('keeps a hashed asset, but never the staff page’s shell or the 404 answer', async () => {
  await cacheStatus('/assets/entry-abc123.js')
  expect(await cacheStatus('/assets/entry-abc123.js')).toBe('edge; hit')
  for (const path of ['/staff', '/no-such-page']) {
    const statuses = [await cacheStatus(path), await cacheStatus(path), await cacheStatus(path)]
    expect(statuses, path).toEqual(['edge; fwd=bypass', 'edge; fwd=bypass', 'edge; fwd=bypass'])
  }
  const staff = await get('/staff')
  expect(staff.headers.get('cache-control')).toBe('private, no-store')
  const missing = await get('/no-such-page')
  expect(missing.status).toBe(404)
  expect(await missing.text()).toContain('Page not found')
})

it('purges by tag, only on the purge address and with the token: every copy of that page, no other', async () => {
  await cacheStatus('/tradingview')
  await cacheStatus('/tradingview', {'Accept-Encoding': 'gzip'})
  await cacheStatus('/tradingview.data')
  await cacheStatus('/terms')
  const purged = await purge('/tradingview')
  expect(purged.status).toBe(200)
  expect(await purged.text()).toBe('Purged 3 object(s)\n')
  expect(await cacheStatus('/tradingview')).toBe('edge; fwd=miss; stored')
  expect(await cacheStatus('/tradingview.data')).toBe('edge; fwd=miss; stored')
  expect(await cacheStatus('/terms')).toBe('edge; hit')
})

it('refuses a visitor’s PURGE and BAN, a purge without the token, and pages on the purge address', async () => {
  await cacheStatus('/privacy')
  for (const method of ['PURGE', 'BAN']) {
    const refused = await fetch(`${edge.url}/privacy`, {
      method,
      headers: {'xkey-purge': '/privacy'},
    })
    expect(refused.status, method).toBe(405)
    expect(await refused.text()).toMatch(/does not take purges|takes no bans/)
  }
  const withoutToken = await purge('/privacy', {headers: {'xkey-purge': '/privacy'}})
  expect(withoutToken.status).toBe(401)
  const wrongToken = await purge('/privacy', {
    headers: {'Authorization': 'Bearer guessed-token-123456', 'xkey-purge': '/privacy'},
  })
  expect(wrongToken.status).toBe(401)
  expect((await fetch(`${edge.purgeUrl}/privacy`)).status).toBe(405)
  expect(await cacheStatus('/privacy')).toBe('edge; hit')
})

it('answers every cached page with 200 while the origin is down, a purged one from its stale copy', async () => {
  const cached = ['/', '/tradingview', '/python', '/teampage', '/terms', '/robots.txt']
  for (const path of cached) await cacheStatus(path)
  await purge('/terms')
  await origin.close()
  try {
    for (const path of cached) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      await response.arrayBuffer()
    }
    expect(await cacheStatus('/terms')).toBe('edge; hit; fwd=stale')
    const never = await get('/never-cached')
    expect(never.status).toBe(503)
    expect(await never.text()).toBe(
      'The site cannot be reached right now; please try again in a minute\n',
    )
  } finally {
    origin = await startSiteServer(root, originPort, '127.0.0.1', {edge: 'varnish'})
  }
  await expect.poll(() => cacheStatus('/terms')).toBe('edge; hit')
})

it('never answers an origin’s /metrics, however the path is spelt; the origin answers it on its own port', async () => {
  for (const path of [
    '/metrics',
    '/metrics?x=1',
    '/METRICS',
    '/./metrics',
    '/a/../metrics',
    '/%2e/metrics',
  ]) {
    const response = await get(path)
    expect(response.status, path).toBe(404)
    expect(await response.text(), path).toBe('Not Found\n')
    expect(response.headers.get('cache-control'), path).toBe('no-store')
  }
  const direct = await fetch(`http://127.0.0.1:${originPort}/metrics`)
  expect(direct.status).toBe(200)
  expect(await direct.text()).toContain('quantedge_http_request_duration_seconds')
  // A page whose name ends in "metrics" is a page like any other.
  const quantmetrics = await get('/quantmetrics')
  expect(quantmetrics.status).toBe(404)
  expect(await quantmetrics.text()).toContain('Page not found')
})

describe('two origins, one not ready', () => {
  const shell = (name: string) => `<div id="shell">${name}</div>`
  let roots: string[]
  let origins: SiteServer[]
  let pair: TestEdge

  beforeAll(async () => {
    roots = ['ready', 'not-ready'].map((name) => mkdtempSync(join(tmpdir(), `edge-${name}-`)))
    // The staff page's shell is never cached: each request goes to an origin, and says which.
    roots.forEach((folder, index) =>
      writeFileSync(join(folder, '__spa-fallback.html'), shell(`origin ${index}`)),
    )
    // Only the first has a release with a home page: the second is not ready (the site server's /readyz).
    writeFileSync(join(roots[0]!, 'index.html'), page('Home'))
    const ports = [await freePort(), await freePort()]
    origins = await Promise.all(
      roots.map((folder, index) =>
        startSiteServer(folder, ports[index]!, '127.0.0.1', {edge: 'varnish'}),
      ),
    )
    pair = await startTestEdge(ports.map((port) => ({host: '127.0.0.1', port})))
  })
  afterAll(async () => {
    await pair?.close()
    await Promise.all((origins ?? []).map((one) => one.close()))
    for (const folder of roots ?? []) rmSync(folder, {recursive: true, force: true})
  })

  /** Which origin answered each of `count` requests for the staff page through the edge. */
  const answeredBy = async (count: number) => {
    const answers: string[] = []
    for (let request = 0; request < count; request += 1)
      answers.push(await (await fetch(`${pair.url}/staff`)).text())
    return answers
  }

  it('takes the origin that is not ready out of rotation, and back once it is ready', async () => {
    expect((await fetch(`${origins[1]!.url}/readyz`)).status).toBe(503)
    await expect
      .poll(() => answeredBy(10), {interval: 500})
      .toEqual(Array(10).fill(shell('origin 0')))
    writeFileSync(join(roots[1]!, 'index.html'), page('Home'))
    expect((await fetch(`${origins[1]!.url}/readyz`)).status).toBe(200)
    await expect
      .poll(async () => (await answeredBy(10)).includes(shell('origin 1')), {interval: 500})
      .toBe(true)
  })
})
