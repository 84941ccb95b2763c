// Every browser test fails on a Content Security Policy violation: a policy that blocks something our own pages
// do is a broken page. A context's pages and frames report each `securitypolicyviolation` event, and Chromium's
// console lines about a policy, to the test; a test that provokes violations on purpose takes them itself.
import type {BrowserContext} from '@playwright/test'

export type CspWatch = {
  /** The violations seen since the last call, emptied. */
  take: () => string[]
}

const REPORT_BINDING = '__reportCspViolation'

export async function watchCsp(context: BrowserContext): Promise<CspWatch> {
  const seen: string[] = []
  await context.exposeBinding(REPORT_BINDING, ({frame}, line: string) => {
    seen.push(`${frame.url()}: ${line}`)
  })
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (line: string) => void>)[binding]
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      )
    })
  }, REPORT_BINDING)
  context.on('console', (message) => {
    if (/content[ -]security[ -]policy/i.test(message.text()))
      seen.push(`console: ${message.text()}`)
  })
  return {take: () => seen.splice(0)}
}
