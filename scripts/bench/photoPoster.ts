// What an editor's photo costs a phone: a 4000x3000 photo (about 5 MB) uploaded as the first poster of
// /tradingview, the site built from that lake, and Lighthouse (mobile) on /tradingview against the bare page in the
// same run. The lake stays up while Lighthouse loads the page: it serves the poster's variants, as Sanity's CDN does,
// made before the audits (a CDN keeps them after the first visitor).
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {photo} from '@quantedge/content-lake/testImages'
import {testLakeClient} from '@quantedge/content-lake/testLake'
import {startSiteServer} from '@quantedge/site-server/server'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'
import {auditPage, type PageAudit} from './lighthouse.ts'
import {BARE_PAGE, medianAudit} from './site.ts'

export type PhotoPosterBench = {photoBytes: number; tradingview: PageAudit; bare: PageAudit}

/** The bound: the page's LCP at most 1.15 times the bare page's. */
export const LCP_RATIO_TARGET = 1.15

export async function benchPhotoPoster(runs: number): Promise<PhotoPosterBench> {
  const lake = await startSeededLake()
  try {
    const client = testLakeClient(lake.url)
    const original = await photo(4000, 3000)
    const asset = await client.assets.upload('image', original, {filename: 'straddle-photo.jpg'})
    await client
      .patch('indicator-straddle')
      .set({'demoVideo.poster': {_type: 'image', asset: {_type: 'reference', _ref: asset._id}}})
      .commit()
    const build = await buildSiteFrom(lake)
    mkdirSync(join(build.root, 'bench-bare'))
    writeFileSync(join(build.root, 'bench-bare', 'index.html'), BARE_PAGE)
    const site = await startSiteServer(build.root, 0)
    try {
      await warmVariants(`${site.url}/tradingview`, asset.sha1hash)
      const audit = async (path: string) => {
        const audits: PageAudit[] = []
        for (let run = 0; run < runs; run += 1)
          audits.push(await auditPage(`${site.url}${path}`, build.root))
        return medianAudit(audits)
      }
      return {
        photoBytes: original.length,
        tradingview: await audit('/tradingview'),
        bare: await audit('/bench-bare'),
      }
    } finally {
      await site.close()
      build.remove()
    }
  } finally {
    await lake.close()
  }
}

export const lcpRatio = ({tradingview, bare}: PhotoPosterBench) =>
  Number((tradingview.lcpMs / bare.lcpMs).toFixed(2))

export const photoPosterTable = (result: PhotoPosterBench) =>
  [
    `A ${(result.photoBytes / 1e6).toFixed(1)} MB 4000x3000 photo as Straddle's poster (the first on /tradingview); the page's first poster is inlined, so its HTML should stay in TCP's first window (14.6 kB):`,
    '',
    '| page | perf | LCP ms | CLS | TBT ms | HTML kB | LCP / bare |',
    '|---|---|---|---|---|---|---|',
    `| /tradingview | ${result.tradingview.performance} | ${result.tradingview.lcpMs} | ${result.tradingview.cls} | ${result.tradingview.tbtMs} | ${result.tradingview.documentKb} | ${lcpRatio(result)} |`,
    `| bare page (floor) | ${result.bare.performance} | ${result.bare.lcpMs} | ${result.bare.cls} | ${result.bare.tbtMs} | ${result.bare.documentKb} | 1 |`,
  ].join('\n')

/**
 * Makes the poster's variants before the audits, as a CDN has them after the first visitor: the audits measure the
 * page, not a first transform (the images part of the bench times that).
 */
async function warmVariants(page: string, sha1: string) {
  const html = await (await fetch(page)).text()
  const urls = new Set(
    [...html.matchAll(/https?:\/\/[^"\s,]+/g)]
      .map(([url]) => url.replaceAll('&amp;', '&'))
      .filter((url) => url.includes(sha1)),
  )
  for (const url of urls) await fetch(url, {headers: {Accept: 'image/avif,image/webp,*/*'}})
}
