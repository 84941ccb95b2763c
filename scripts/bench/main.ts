// `npm run bench`: performance numbers, measured here and printed as tables. Not part of `npm test`.
// BENCH_RUNS sets how many Lighthouse runs each route gets (the median is kept); default 3.
import {assertChromium} from '../../web/e2e/support/chromium.ts'
import {benchSite, siteTable, siteTargetsMissed} from './site.ts'

assertChromium()
const runs = Number(process.env.BENCH_RUNS || 3)

console.error(`Lighthouse, mobile, median of ${runs} run(s) per route:`)
const rows = await benchSite(runs)
console.log('\n## Site (Lighthouse, mobile)\n')
console.log(siteTable(rows))
const missed = siteTargetsMissed(rows)
console.log(missed.length === 0 ? '\nAll site targets met.' : `\nTargets missed:\n${missed.map((line) => `- ${line}`).join('\n')}`)
