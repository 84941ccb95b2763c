// Sends spaced so a mail API's rate limit is not hit: Resend allows 2 requests per second per team by default
// (https://resend.com/docs/api-reference/rate-limit), answering 429 past it; the dev mailbox has no limit.
import type {MailApiKind} from './settings.ts'

export const SEND_SPACING_MS: Record<MailApiKind, number> = {resend: 500, mailpit: 0}

export type Clock = {now: () => number; sleep: (ms: number) => Promise<void>}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/** Resolves when the next send may start: at least `spacingMs` after the previous one started. */
export function spacedBy(spacingMs: number, clock: Clock = realClock): () => Promise<void> {
  let previous = Number.NEGATIVE_INFINITY
  return async () => {
    const wait = previous + spacingMs - clock.now()
    if (wait > 0) await clock.sleep(wait)
    previous = clock.now()
  }
}
