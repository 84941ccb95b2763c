// One Lighthouse audit (mobile, simulated throttling: Lighthouse's defaults) in Debian's Chromium.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '@quantedge/test-support/chromium'

export type PageAudit = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
  /** JavaScript the page loads, gzip-compressed, measured on the built files. */
  firstLoadJsKb: number
  /** The page's own response as it came over the wire (headers and compressed body), in KB. */
  documentKb: number
  /**
   * Lighthouse's measure of this machine's CPU in that run (lhr.environment.benchmarkIndex). Its 4x slowdown is
   * calibrated on 1500-2000, and it warns below 1000 (docs/throttling.md, "Benchmarking CPU Power"): on a slower
   * or busier host every page's TBT and LCP come out higher, the bare page's too.
   */
  cpuIndex: number
}

type NetworkRequest = {url: string; resourceType?: string; transferSize?: number}

export async function auditPage(url: string, siteRoot: string): Promise<PageAudit> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const {categories, audits} = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN
    const requests =
      (audits['network-requests']?.details as {items?: NetworkRequest[]} | undefined)?.items ?? []
    const scripts = requests.filter(
      (request) => request.resourceType === 'Script' && request.url.startsWith(new URL(url).origin),
    )
    const jsBytes = scripts.reduce((sum, request) => {
      const file = join(siteRoot, decodeURIComponent(new URL(request.url).pathname))
      return sum + gzipSync(readFileSync(file), {level: 9}).length
    }, 0)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
      tbtMs: Math.round(numeric('total-blocking-time')),
      firstLoadJsKb: Number((jsBytes / 1024).toFixed(1)),
      cpuIndex: Math.round(result.lhr.environment.benchmarkIndex),
      documentKb: Number(
        (
          (requests.find((request) => request.resourceType === 'Document')?.transferSize ?? 0) /
          1000
        ).toFixed(1),
      ),
    }
  } finally {
    chrome.kill()
  }
}
