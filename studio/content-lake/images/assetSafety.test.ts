// Uploaded files cannot run script on the lake's origin. Sanity serves assets from its CDN's own host, apart from
// the API; the lake answers both on one origin, so an SVG holding `<script>` and `onload`, opened directly, would
// run on the origin the Studio talks to. Every asset answer says `X-Content-Type-Options: nosniff`, as Sanity's
// CDN does; a document a browser could render runs sandboxed (`Content-Security-Policy: sandbox`, no
// `allow-scripts`, `default-src 'none'`), and a file that is no picture is downloaded (`Content-Disposition:
// attachment`), as is any asset asked for with Sanity's `dl` parameter. An `<img>`, as the Studio shows uploads, is
// not governed by its image's policy, so previews keep working.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {quadrants, scriptedSvg} from '../testing/testImages.ts'
import {startTestLake, testLakeClient, type TestLake} from '../testing/testLake.ts'

let lake: TestLake
const client = () => testLakeClient(lake.url)

beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake.close())

const headersOf = async (url: string) => {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  await response.arrayBuffer()
  return response.headers
}

/** An answer a browser would render as a document runs no script, loads nothing and is never sniffed. */
function expectInert(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  const policy = headers.get('content-security-policy') ?? ''
  expect(policy.split(';').map((directive) => directive.trim())).toEqual(
    expect.arrayContaining(['sandbox', "default-src 'none'"]),
  )
  expect(policy).not.toContain('allow-scripts')
}

describe('an SVG carrying script', () => {
  it('is served as an image, sandboxed and not sniffed, and shown inline for <img>', async () => {
    const asset = await client().assets.upload('image', scriptedSvg(), {filename: 'logo.svg'})
    expect(asset.mimeType).toBe('image/svg+xml')
    const headers = await headersOf(asset.url)
    expect(headers.get('content-type')).toBe('image/svg+xml')
    expect(headers.get('content-disposition')).toBe('inline')
    expectInert(headers)
    const variant = await headersOf(`${asset.url}?w=20&fm=png`)
    expect(variant.get('content-type')).toBe('image/png')
    expectInert(variant)
  })

  it('is sandboxed too when uploaded as a file', async () => {
    const file = await client().assets.upload('file', scriptedSvg(), {
      filename: 'logo.svg',
      contentType: 'image/svg+xml',
    })
    const headers = await headersOf(file.url)
    expect(headers.get('content-type')).toBe('image/svg+xml')
    expectInert(headers)
  })
})

describe('other files', () => {
  it('downloads an HTML file rather than rendering it, as a type the browser may not sniff', async () => {
    const page = await client().assets.upload(
      'file',
      Buffer.from('<!doctype html><script>document.title = "ran"</script>'),
      {filename: 'page.html', contentType: 'text/html'},
    )
    const headers = await headersOf(page.url)
    expect(headers.get('content-type')).toBe('application/octet-stream')
    expect(headers.get('content-disposition')).toBe('attachment')
    expectInert(headers)
  })

  it('leaves a PDF to the browser’s viewer, which a sandbox would block, still unsniffed', async () => {
    const pdf = await client().assets.upload('file', Buffer.from('%PDF-1.7\n%%EOF\n'), {
      filename: 'terms.pdf',
      contentType: 'application/pdf',
    })
    const headers = await headersOf(pdf.url)
    expect(headers.get('content-type')).toBe('application/pdf')
    expect(headers.get('content-disposition')).toBe('inline')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('content-security-policy')).toBeNull()
  })

  it('says nosniff on every image answer, the original and its variants, kept or made', async () => {
    const asset = await client().assets.upload('image', await quadrants(40, 30))
    for (const url of [asset.url, `${asset.url}?w=10`, `${asset.url}?w=10`]) {
      const headers = await headersOf(url)
      expect(headers.get('content-disposition')).toBe('inline')
      expectInert(headers)
    }
  })

  it('downloads any asset asked for with dl, under the name given or its own', async () => {
    const asset = await client().assets.upload('image', await quadrants(40, 30))
    const name = asset.url.split('/').at(-1) ?? ''
    expect((await headersOf(`${asset.url}?dl=`)).get('content-disposition')).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    )
    expect((await headersOf(`${asset.url}?w=10&dl=Köln (1).png`)).get('content-disposition')).toBe(
      `attachment; filename="K_ln (1).png"; filename*=UTF-8''K%C3%B6ln%20%281%29.png`,
    )
  })
})
