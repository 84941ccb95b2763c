// The static server `npm start` uses: clean URLs, precompressed files, caching by kind, and a real 404.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {formatHeadersFile} from '@quantedge/server-kit/headersFile'
import {formatRedirectsFile} from '@quantedge/server-kit/redirectsFile'
import {precompress} from '@quantedge/web/precompress'
import {startSiteServer, type SiteServer} from './server.ts'

let root: string
let site: SiteServer
const script = `console.log(${JSON.stringify('x'.repeat(4000))})`

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'site-server-'))
  mkdirSync(join(root, 'tradingview'))
  mkdirSync(join(root, 'assets'))
  mkdirSync(join(root, '404'))
  writeFileSync(join(root, 'index.html'), `<h1>Home</h1>${'<p>text</p>'.repeat(200)}`)
  writeFileSync(join(root, 'tradingview', 'index.html'), '<h1>Indicators</h1>')
  writeFileSync(join(root, 'assets', 'entry-abc123.js'), script)
  writeFileSync(join(root, '404', 'index.html'), '<h1>Page not found</h1>')
  writeFileSync(join(root, '__spa-fallback.html'), '<div id="shell"></div>')
  writeFileSync(
    join(root, '_headers'),
    formatHeadersFile([
      {
        path: '/*',
        headers: {'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer'},
      },
      {path: '/tradingview', headers: {'Content-Security-Policy': "script-src 'sha256-tv'"}},
      {path: '/tradingview/', headers: {'Content-Security-Policy': "script-src 'sha256-tv'"}},
      {path: '/staff', headers: {'Content-Security-Policy': "script-src 'sha256-shell'"}},
      {path: '/404', headers: {'Content-Security-Policy': "script-src 'sha256-404'"}},
    ]),
  )
  writeFileSync(
    join(root, '_redirects'),
    formatRedirectsFile([
      {from: '/diwali-offer', to: '/tradingview', status: 301},
      {from: '/dm', to: 'https://t.me/quantedge?start=site', status: 302},
    ]),
  )
  expect(await precompress(root)).toBe(2)
  site = await startSiteServer(root, 0)
})
afterAll(async () => {
  await site.close()
  rmSync(root, {recursive: true, force: true})
})

it('serves /path from path/index.html, revalidating HTML on every visit', async () => {
  const response = await fetch(`${site.url}/tradingview`)
  expect(response.status).toBe(200)
  expect(await response.text()).toBe('<h1>Indicators</h1>')
  expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
})

it('sends the precompressed brotli or gzip file the browser accepts', async () => {
  for (const encoding of ['br', 'gzip']) {
    const response = await fetch(`${site.url}/assets/entry-abc123.js`, {
      headers: {'Accept-Encoding': encoding},
    })
    expect(response.headers.get('content-encoding')).toBe(encoding)
    expect(await response.text()).toBe(script)
  }
})

it('caches content-hashed assets for a year', async () => {
  const response = await fetch(`${site.url}/assets/entry-abc123.js`)
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
})

it('answers an unknown path with the 404 page and status 404', async () => {
  const response = await fetch(`${site.url}/no-such-page`)
  expect(response.status).toBe(404)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await response.text()).toContain('Page not found')
})

it('tells the edge to keep a page for a day, tagged with its path, when an edge is in front', async () => {
  const behindFastly = await startSiteServer(root, 0, '127.0.0.1', {edge: 'fastly'})
  try {
    for (const path of ['/tradingview', '/tradingview/', '/tradingview/index.html']) {
      const response = await fetch(`${behindFastly.url}${path}`)
      expect(response.headers.get('surrogate-key'), path).toBe('/tradingview site')
      expect(response.headers.get('surrogate-control')).toBe('max-age=86400, stale-if-error=604800')
    }
    const asset = await fetch(`${behindFastly.url}/assets/entry-abc123.js`)
    expect(asset.headers.get('surrogate-key')).toBeNull()
  } finally {
    await behindFastly.close()
  }
  expect((await fetch(`${site.url}/tradingview`)).headers.get('surrogate-key')).toBeNull()
})

it('answers a page the browser renders (the staff page) with the SPA fallback, marked noindex', async () => {
  for (const path of ['/staff', '/staff/', '/staff?status=new']) {
    const response = await fetch(`${site.url}${path}`)
    expect(response.status, path).toBe(200)
    expect(await response.text()).toBe('<div id="shell"></div>')
    expect(response.headers.get('x-robots-tag')).toBe('noindex')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  }
  const other = await fetch(`${site.url}/staff/other`)
  expect(other.status).toBe(404)
  expect(other.headers.get('x-robots-tag')).toBeNull()
})

it('answers a method other than GET or HEAD with 405 and what it allows', async () => {
  const response = await fetch(`${site.url}/tradingview`, {method: 'POST', body: 'x'})
  expect(response.status).toBe(405)
  expect(response.headers.get('allow')).toBe('GET, HEAD')
})

it('applies the build’s _headers as a static host does: the site-wide ones, and each page’s own', async () => {
  const expectations: [string, string | null][] = [
    ['/tradingview', "script-src 'sha256-tv'"],
    ['/tradingview/', "script-src 'sha256-tv'"],
    ['/tradingview/index.html', "script-src 'sha256-tv'"],
    ['/staff', "script-src 'sha256-shell'"],
    ['/no-such-page', "script-src 'sha256-404'"],
    ['/assets/entry-abc123.js', null],
  ]
  for (const [path, policy] of expectations) {
    const response = await fetch(`${site.url}${path}`)
    expect(response.headers.get('content-security-policy'), path).toBe(policy)
    expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
    expect(response.headers.get('referrer-policy'), path).toBe('no-referrer')
  }
  const file = await fetch(`${site.url}/_headers`)
  expect(file.status).toBe(404)
  expect(await file.text()).toContain('Page not found')
})

it('takes the CSP violations browsers report, in either format (cspReports.test.ts: what it logs)', async () => {
  const post = (type: string, body: unknown) =>
    fetch(`${site.url}/csp-reports`, {
      method: 'POST',
      headers: {'Content-Type': type},
      body: JSON.stringify(body),
    })
  const level2 = await post('application/csp-report', {
    'csp-report': {
      'document-uri': 'https://site/tradingview',
      'blocked-uri': 'inline',
      'violated-directive': 'script-src-elem',
    },
  })
  expect(level2.status).toBe(204)
  expect(level2.headers.get('cache-control')).toBe('no-store')
  const level3 = await post('application/reports+json', [
    {
      type: 'csp-violation',
      body: {
        documentURL: 'https://site/',
        blockedURL: 'https://evil.example/x.js',
        effectiveDirective: 'script-src-elem',
        sourceFile: 'https://site/',
        lineNumber: 3,
      },
    },
  ])
  expect(level3.status).toBe(204)
})

it('is alive, and ready while its live release has a home page (what the edge probes)', async () => {
  const alive = await fetch(`${site.url}/healthz`)
  expect(alive.status).toBe(200)
  expect(await alive.json()).toEqual({status: 'ok', server: 'site'})
  const ready = await fetch(`${site.url}/readyz`)
  expect(ready.status).toBe(200)
  expect(ready.headers.get('cache-control')).toBe('no-store')
  expect(await ready.json()).toMatchObject({status: 'ready', checks: {release: {ok: true}}})
  const empty = mkdtempSync(join(tmpdir(), 'site-empty-'))
  try {
    site.setRoot(empty)
    const notReady = await fetch(`${site.url}/readyz`)
    expect(notReady.status).toBe(503)
    expect(await notReady.json()).toMatchObject({
      status: 'not ready',
      checks: {release: {ok: false, detail: 'the live release has no home page'}},
    })
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200)
  } finally {
    site.setRoot(root)
    rmSync(empty, {recursive: true, force: true})
  }
  expect((await fetch(`${site.url}/readyz`)).status).toBe(200)
})

it('answers the build’s _redirects as a static host does, cached by the edge as the page that was there', async () => {
  const behindVarnish = await startSiteServer(root, 0, '127.0.0.1', {edge: 'varnish'})
  try {
    for (const [path, status, location] of [
      ['/diwali-offer', 301, '/tradingview'],
      ['/diwali-offer/', 301, '/tradingview'],
      ['/dm', 302, 'https://t.me/quantedge?start=site'],
    ] as const) {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${behindVarnish.url}${path}`, {method, redirect: 'manual'})
        expect(response.status, `${method} ${path}`).toBe(status)
        expect(response.headers.get('location')).toBe(location)
        expect(response.headers.get('xkey')).toBe(`${path.replace(/\/$/, '')} site`)
        expect(response.headers.get('cdn-cache-control')).toContain('max-age=86400')
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      }
    }
  } finally {
    await behindVarnish.close()
  }
  expect((await fetch(`${site.url}/diwali-offer/more`, {redirect: 'manual'})).status).toBe(404)
  const file = await fetch(`${site.url}/_redirects`)
  expect(file.status).toBe(404)
  expect(await file.text()).toContain('Page not found')
})
