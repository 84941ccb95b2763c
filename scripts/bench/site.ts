// The site's benchmark: Lighthouse on every route of a build from a throwaway seeded lake, and on a bare
// static page served by the same server in the same run, as the floor.
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {exampleLandingPage} from '@quantedge/seed/content/landingPages'
import {sitemapPaths} from '@quantedge/schemas/pages'
import {startSiteServer} from '@quantedge/site-server/server'
import {buildSiteFrom, startSeededLake} from '@quantedge/test-support/throwawaySite'
import {auditPage, type PageAudit} from './lighthouse.ts'

/** A static page with what every page has at least: the floor for LCP. */
export const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare page</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="description" content="A static page with a heading and a paragraph, the floor for the site's numbers.">
</head><body><h1>Elevate Your Trading</h1><p>Smooth, subtle insights at every glance.</p></body></html>
`

export type SiteBenchRow = PageAudit & {path: string}

export async function benchSite(runs: number, only?: readonly string[]): Promise<SiteBenchRow[]> {
  const lake = await startSeededLake()
  const build = await buildSiteFrom(lake).finally(() => lake.close())
  mkdirSync(join(build.root, 'bench-bare'))
  writeFileSync(join(build.root, 'bench-bare', 'index.html'), BARE_PAGE)
  const site = await startSiteServer(build.root, 0)
  try {
    const paths = [...sitemapPaths, `/${exampleLandingPage.slug.current}`, '/bench-bare'].filter(
      (candidate) => !only || only.includes(candidate),
    )
    // Round by round, every page once a round (the bare page among them): a machine that slows down for a while
    // slows every page alike, instead of the few measured then.
    const audits = new Map<string, PageAudit[]>(paths.map((path) => [path, []]))
    for (let run = 0; run < runs; run += 1) {
      for (const path of paths)
        audits.get(path)!.push(await auditPage(`${site.url}${path}`, build.root))
      console.error(`  round ${run + 1} of ${runs} audited`)
    }
    return paths.map((path) => ({path, ...medianAudit(audits.get(path)!)}))
  } finally {
    await site.close()
    build.remove()
  }
}

/** The run with the median performance score, so its numbers belong together. */
export function medianAudit(audits: PageAudit[]): PageAudit {
  const sorted = [...audits].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)
  return sorted[Math.floor(sorted.length / 2)]!
}

export function siteTable(rows: SiteBenchRow[]): string {
  const header =
    '| route | perf | a11y | best-pr. | SEO | LCP ms | CLS | TBT ms | JS KB gz | CPU index |\n|---|---|---|---|---|---|---|---|---|---|'
  const lines = rows.map(
    (row) =>
      `| ${row.path === '/bench-bare' ? 'bare page (floor)' : row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcpMs} | ${row.cls} | ${row.tbtMs} | ${row.firstLoadJsKb} | ${row.cpuIndex} |`,
  )
  return [
    "CPU index: Lighthouse's benchmarkIndex of this machine in the run shown; its 4x CPU slowdown assumes 1500-2000.",
    '',
    header,
    ...lines,
  ].join('\n')
}

/** The targets, checked against the measured rows; each broken target is a line. */
export function siteTargetsMissed(rows: SiteBenchRow[]): string[] {
  const bare = rows.find((row) => row.path === '/bench-bare')
  const missed: string[] = []
  for (const row of rows.filter((candidate) => candidate !== bare)) {
    if (row.accessibility < 100)
      missed.push(`${row.path}: accessibility ${row.accessibility} < 100`)
    if (row.bestPractices < 100)
      missed.push(`${row.path}: best practices ${row.bestPractices} < 100`)
    if (row.seo < 100) missed.push(`${row.path}: SEO ${row.seo} < 100`)
    if (row.performance < 100) missed.push(`${row.path}: performance ${row.performance} < 100`)
    if (row.cls > 0) missed.push(`${row.path}: CLS ${row.cls} > 0`)
    if (bare && row.lcpMs > bare.lcpMs * 1.15)
      missed.push(`${row.path}: LCP ${row.lcpMs} ms > 1.15 × ${bare.lcpMs} ms`)
    if (row.firstLoadJsKb > 120)
      missed.push(`${row.path}: first-load JS ${row.firstLoadJsKb} KB > 120 KB`)
  }
  return missed
}
