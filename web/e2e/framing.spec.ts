// Clickjacking: no other site may put our pages in a frame (frame-ancestors 'none'), and the draft preview may be
// framed by the Studio's origin only (the Presentation tool), not by any other page. Pages on two origins of our
// own stand in: one is the Studio's as the preview is configured, the other a stranger's.
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {contentClient} from '@quantedge/content-access/client'
import {readContentEnv} from '@quantedge/content-access/env'
import type {TestLake} from '@quantedge/content-lake/testing/testLake'
import {startPreviewServer} from '@quantedge/preview-server/server'
import {
  siteBuildEnv,
  startSeededLake,
  temporaryWebFolder,
} from '@quantedge/test-support/throwawaySite'
import {buildPreviewSite} from '@quantedge/web/prerender'
import {rmSync} from 'node:fs'
import {expect, test} from './support/fixtures.ts'

test.describe.configure({mode: 'serial'})

/** A page that frames `src`, served from an origin of its own. */
async function framer() {
  let src = ''
  const server: Server = createServer((_, res) => {
    res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'})
    res.end(
      `<!doctype html><title>Framer</title><iframe src="${src}" width="800" height="600"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://localhost:${port}`,
    frame: (url: string) => {
      src = url
      return `http://localhost:${port}/`
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

type Framer = Awaited<ReturnType<typeof framer>>
let studio: Framer
let stranger: Framer
let lake: TestLake
let preview: Awaited<ReturnType<typeof startPreviewServer>>
let previewDir: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  studio = await framer()
  stranger = await framer()
  lake = await startSeededLake()
  previewDir = await buildPreviewSite(temporaryWebFolder('preview'))
  preview = await startPreviewServer({
    buildDir: previewDir,
    drafts: contentClient('drafts', readContentEnv(siteBuildEnv(lake))),
    publicSiteUrl: 'http://localhost:1',
    studioOrigin: studio.origin,
    port: 0,
  })
})
test.afterAll(async () => {
  await preview?.close()
  await lake?.close()
  await studio?.close()
  await stranger?.close()
  if (previewDir) rmSync(previewDir, {recursive: true, force: true})
})

/** Whether the framed page showed: its document is readable and has a heading. */
async function framedShows(page: import('@playwright/test').Page, url: string) {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
  expect(frame, url).toBeDefined()
  return frame!
    .locator('h1')
    .count()
    .then((count) => count > 0)
    .catch(() => false)
}

test('another site cannot frame any page of ours', async ({page, baseURL, csp}) => {
  for (const path of ['/', '/contactus', '/staff']) {
    await page.goto(stranger.frame(`${baseURL}${path}`))
    await expect
      .poll(() => csp.take().join('\n'), {message: path})
      .toContain("frame-ancestors 'none'")
    expect(await framedShows(page, path)).toBe(false)
  }
})

test('the draft preview shows in the Studio’s frame and in no other', async ({page, csp}) => {
  await page.goto(studio.frame(`${preview.url}/tradingview`))
  const inStudio = page.frameLocator('iframe')
  await expect(inStudio.getByRole('heading', {name: 'Preview needs a secret link'})).toBeVisible()
  expect(csp.take()).toEqual([])

  await page.goto(stranger.frame(`${preview.url}/tradingview`))
  await expect.poll(() => csp.take().join('\n')).toContain(`frame-ancestors ${studio.origin}`)
  expect(await framedShows(page, 'preview')).toBe(false)
})
