// GROQ-powered webhooks as Sanity sends them: for each published document a transaction creates, updates
// or deletes, a filter decides, a projection shapes the body, and the request is signed with the secret
// (the `sanity-webhook-signature` header, made by @sanity/webhook as Sanity makes it). Drafts do not trigger.
// A delivery that meets no one listening, a 429 or a 5xx is tried again twice, 30 seconds apart, with the same
// idempotency key, and only then reported as failed, as Sanity retries since its change of 2026-04-29
// (https://www.sanity.io/docs/changelog, "Webhooks now retry twice at 30-second intervals"); other answers are
// final at once. So a receiver that starts a little after the lake misses nothing and nothing is reported.
import {randomUUID} from 'node:crypto'
import {setTimeout as sleep} from 'node:timers/promises'
import {encodeSignatureHeader} from '@sanity/webhook'
import {evaluate, parse} from 'groq-js'
import {isPrivateId, type StoredDocument} from '../documents/documents.ts'
import {serverLog, type Lines} from '@quantedge/server-kit/log'

export type WebhookConfig = {
  url: string
  secret: string
  filter: string
  projection: string
  /** The wait before each retry; Sanity's is 30 s, tests shorten it. */
  retryDelayMs?: number
}

const RETRIES = 2
const SANITY_RETRY_DELAY_MS = 30_000

/** A failed attempt, and whether Sanity would try it again. */
type Failure = {reason: string; retryable: boolean}

async function attempt(url: string, init: RequestInit): Promise<Failure | undefined> {
  try {
    const response = await fetch(url, {...init, signal: AbortSignal.timeout(10_000)})
    if (response.ok) return undefined
    return {
      reason: `answered ${response.status}`,
      retryable: response.status === 429 || response.status >= 500,
    }
  } catch (error) {
    return {reason: `failed: ${(error as Error).message}`, retryable: true}
  }
}

type Change = {id: string; before: StoredDocument | null; after: StoredDocument | null}

const evaluateOn = async (query: string, doc: StoredDocument) =>
  (
    await evaluate(parse(query, {params: {id: doc._id}}), {dataset: [doc], params: {id: doc._id}})
  ).get()

/**
 * Sends the webhooks a committed transaction triggers; failures are logged (in the lake's log unless `log` is
 * given), never thrown at the writer.
 */
export async function sendWebhooks(
  hooks: readonly WebhookConfig[],
  {
    projectId,
    dataset,
    transactionId,
    changes,
    log = serverLog('content-lake'),
  }: {
    projectId: string
    dataset: string
    transactionId: string
    changes: Change[]
    log?: Pick<Lines, 'error'>
  },
): Promise<void> {
  const sends = hooks.flatMap((hook) =>
    changes
      .filter((change) => !isPrivateId(change.id))
      .map(async ({id, before, after}) => {
        const subject = after ?? before
        if (!subject) return
        const matched = (await evaluateOn(
          `*[_id == $id && (${hook.filter})]`,
          subject,
        )) as unknown[]
        if (matched.length === 0) return
        const body = JSON.stringify(await evaluateOn(`*[_id == $id][0]${hook.projection}`, subject))
        const operation = !before ? 'create' : !after ? 'delete' : 'update'
        const headers = {
          'Content-Type': 'application/json',
          'sanity-webhook-id': 'embedded-content-lake',
          'sanity-project-id': projectId,
          'sanity-dataset': dataset,
          'sanity-transaction-id': transactionId,
          'sanity-transaction-time': new Date().toISOString(),
          'sanity-document-id': id,
          'sanity-operation': operation,
          'idempotency-key': randomUUID(),
        }
        for (let tries = 1; ; tries += 1) {
          const signature = await encodeSignatureHeader(body, Date.now(), hook.secret)
          const failure = await attempt(hook.url, {
            method: 'POST',
            headers: {...headers, 'sanity-webhook-signature': signature},
            body,
          })
          if (!failure) return
          if (!failure.retryable || tries > RETRIES) {
            const after = tries > 1 ? ` (after ${tries} attempts)` : ''
            log.error(`webhook ${hook.url} ${failure.reason} for ${id}${after}`)
            return
          }
          await sleep(hook.retryDelayMs ?? SANITY_RETRY_DELAY_MS, undefined, {ref: false})
        }
      }),
  )
  await Promise.all(sends)
}
