// GROQ-powered webhooks as Sanity sends them: for each published document a transaction creates, updates
// or deletes, a filter decides, a projection shapes the body, and the request is signed with the secret
// (the `sanity-webhook-signature` header, made by @sanity/webhook as Sanity makes it). Drafts do not trigger.
import {randomUUID} from 'node:crypto'
import {encodeSignatureHeader} from '@sanity/webhook'
import {evaluate, parse} from 'groq-js'
import {isPrivateId, type StoredDocument} from './documents.ts'

export type WebhookConfig = {url: string; secret: string; filter: string; projection: string}

type Change = {id: string; before: StoredDocument | null; after: StoredDocument | null}

const evaluateOn = async (query: string, doc: StoredDocument) =>
  (
    await evaluate(parse(query, {params: {id: doc._id}}), {dataset: [doc], params: {id: doc._id}})
  ).get()

/** Sends the webhooks a committed transaction triggers; failures are logged, never thrown at the writer. */
export async function sendWebhooks(
  hooks: readonly WebhookConfig[],
  {
    projectId,
    dataset,
    transactionId,
    changes,
  }: {projectId: string; dataset: string; transactionId: string; changes: Change[]},
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
        const signature = await encodeSignatureHeader(body, Date.now(), hook.secret)
        try {
          const response = await fetch(hook.url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'sanity-webhook-signature': signature,
              'sanity-webhook-id': 'embedded-content-lake',
              'sanity-project-id': projectId,
              'sanity-dataset': dataset,
              'sanity-transaction-id': transactionId,
              'sanity-transaction-time': new Date().toISOString(),
              'sanity-document-id': id,
              'sanity-operation': operation,
              'idempotency-key': randomUUID(),
            },
            body,
            signal: AbortSignal.timeout(10_000),
          })
          if (!response.ok)
            console.error(`content lake: webhook ${hook.url} answered ${response.status} for ${id}`)
        } catch (error) {
          console.error(
            `content lake: webhook ${hook.url} failed for ${id}: ${(error as Error).message}`,
          )
        }
      }),
  )
  await Promise.all(sends)
}
