// Every browser test fails on a Content Security Policy violation: a policy that blocks something our own pages
// do is a broken page. A context's pages and frames report each `securitypolicyviolation` event, and Chromium's
// console lines about a policy, to the test; a test that provokes violations on purpose takes them itself. A
// violation in a page arrives twice, as its event and as Chromium's console line, each in its own time: a test
// that provokes one waits for both (`provoked`), or the later one would be left for the end of the test.
import type {BrowserContext} from '@playwright/test'

export type CspWatch = {
  /** The violations seen since the last call, emptied. */
  take: () => string[]
  /** Waits until a violation matching `pattern` has been both reported by its page and logged, then takes all seen. */
  provoked: (pattern: RegExp) => Promise<string[]>
}

const CONSOLE = 'console: '
const PROVOKED_WAIT_MS = 10_000
const POLL_MS = 50

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
      seen.push(`${CONSOLE}${message.text()}`)
  })
  const take = () => seen.splice(0)
  const provoked = async (pattern: RegExp) => {
    const matching = (fromConsole: boolean) =>
      seen.some((line) => line.startsWith(CONSOLE) === fromConsole && pattern.test(line))
    for (const deadline = Date.now() + PROVOKED_WAIT_MS; !(matching(true) && matching(false));) {
      if (Date.now() > deadline)
        throw new Error(
          `No violation matching ${pattern} both reported and logged; seen:\n${seen.join('\n')}`,
        )
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
    return take()
  }
  return {take, provoked}
}
