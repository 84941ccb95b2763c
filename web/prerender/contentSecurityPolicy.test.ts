// A page's policy from its HTML: its own inline scripts and styles by hash (as the browser hashes them), the hosts
// its images and videos come from, and nothing unsafe.
import {createHash} from 'node:crypto'
import {expect, it} from 'vitest'
import {inlineHashes} from '@quantedge/server-kit/securityHeaders'
import {contentSecurityPolicy, resourceOrigins} from './contentSecurityPolicy.ts'

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const page = `<!doctype html><html><head>
<style>body{color:red}</style>
<script>window.__ctx = {"a":"&amp;<\\/b>"}</script>
<script type="module" async="">import("/assets/a.js")</script>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script src="/assets/b.js"></script>
<link rel="preload" as="image" href="https://cdn.sanity.io/images/p/d/x.jpg">
</head><body>
<div style="background-color:#081818"></div><div style="color:&quot;red&quot;"></div>
<img src="/demos/a.webp" srcset="http://127.0.0.1:4444/images/a.jpg 640w, http://127.0.0.1:4444/images/b.jpg 960w">
<video poster="https://img.example/p.jpg"><source src="https://video.example/a.mp4" type="video/mp4"></video>
<img src="data:image/avif;base64,AAAA">
</body></html>`

it('hashes inline scripts as written and style attributes as the browser reads them, not data blocks or files', () => {
  expect(inlineHashes(page)).toEqual({
    scripts: [hash('window.__ctx = {"a":"&amp;<\\/b>"}'), hash('import("/assets/a.js")')].sort(),
    styles: [hash('body{color:red}'), hash('background-color:#081818'), hash('color:"red"')].sort(),
    styleAttributes: true,
  })
})

it('finds the other hosts of images and videos; a video’s poster is an image', () => {
  expect(resourceOrigins(page)).toEqual({
    images: ['http://127.0.0.1:4444', 'https://cdn.sanity.io', 'https://img.example'],
    media: ['https://video.example'],
  })
})

it('writes a strict policy: hashes, no unsafe-inline or unsafe-eval for scripts, framed by no one, reporting', () => {
  const policy = contentSecurityPolicy(page, {
    images: ['https://cdn.sanity.io'],
    media: [],
    connect: ['https://abc.supabase.co'],
    frameAncestors: [],
    reportUri: '/csp-reports',
  })
  const directives = Object.fromEntries(
    policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  )
  expect(directives['default-src']).toEqual(["'none'"])
  expect(directives['script-src']).toEqual(["'self'", ...inlineHashes(page).scripts])
  expect(directives['style-src']).toEqual([
    "'self'",
    "'unsafe-hashes'",
    ...inlineHashes(page).styles,
  ])
  expect(directives['img-src']).toEqual(["'self'", 'data:', 'https://cdn.sanity.io'])
  expect(directives['connect-src']).toEqual(["'self'", 'https://abc.supabase.co'])
  expect(directives['frame-ancestors']).toEqual(["'none'"])
  expect(directives['object-src']).toEqual(["'none'"])
  expect(directives['base-uri']).toEqual(["'none'"])
  expect(directives['form-action']).toEqual(["'self'"])
  expect(directives['report-uri']).toEqual(['/csp-reports'])
  expect(directives['report-to']).toEqual(['csp'])
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
})

it('lets a page be framed by whom it names, and script-inserted styles in where asked', () => {
  const policy = contentSecurityPolicy('<p>x</p>', {
    images: [],
    media: [],
    connect: [],
    frameAncestors: ['http://localhost:3333'],
    reportUri: '/csp-reports',
    scriptInsertedStyles: true,
  })
  expect(policy).toContain('frame-ancestors http://localhost:3333;')
  expect(policy).toContain("style-src 'self' 'unsafe-inline';")
  expect(policy).toContain("script-src 'self';")
})
