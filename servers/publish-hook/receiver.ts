// The publish hook: receives Sanity's GROQ-powered webhooks (from Sanity, or the embedded lake), checks the
// signature with @sanity/webhook, and asks the publisher to re-render what the named document's tags touch, with
// the rest of its transaction (transactionChanges.ts), or a full build when the body does not say. GET answers the
// rebuild log.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {answerRoutes, type RouteHandler, type ServerWords} from '@quantedge/server-kit/answerRoutes'
import {BodyNotUtf8, BodyOverLimit, readBodyWithin, utf8Text} from '@quantedge/server-kit/body'
import {HttpError} from '@quantedge/server-kit/httpError'
import {listen, stop} from '@quantedge/server-kit/listen'
import type {Log} from '@quantedge/server-kit/log'
import {observed, type Readiness, type ServerOperations} from '@quantedge/server-kit/observe'
import {route} from '@quantedge/server-kit/routes'
import {send} from '@quantedge/server-kit/send'
import {changeDocumentTags} from '@quantedge/content-access/documentTags'
import {SITE_DOCUMENT_TYPES} from '@quantedge/content-access/env'
import type {Publisher} from './publisher.ts'
import type {ChangedDocument, TransactionChanges} from './transactionChanges.ts'

const MAX_BODY_BYTES = 256 * 1024
export const HOOK_PATH = '/hooks/publish'

type Answer = {status: number; body: unknown}

type HookParts = {publisher: Publisher; secret: string; transactions: TransactionChanges}

const words = (log: Log): ServerWords => ({
  notFound: () => new HttpError(404, {message: 'Not found'}),
  methodNotAllowed: (method) =>
    new HttpError(405, {message: `${method} is not allowed; POST a webhook`}),
  internalError: (error) => {
    log.error({err: error}, 'a request failed')
    return new HttpError(500, {message: 'The publish hook could not answer this request'})
  },
})

async function receiveWebhook(
  req: IncomingMessage,
  {publisher, secret, transactions}: HookParts,
): Promise<Answer> {
  let body: string
  try {
    body = utf8Text(await readBodyWithin(req, MAX_BODY_BYTES))
  } catch (error) {
    if (error instanceof BodyOverLimit)
      return {status: 413, body: {message: 'The webhook body is too large'}}
    if (error instanceof BodyNotUtf8) return {status: 400, body: {message: error.message}}
    throw error
  }
  const signature = req.headers[SIGNATURE_HEADER_NAME]
  const valid =
    typeof signature === 'string' &&
    (await isValidSignature(body, signature, secret).catch(() => false))
  if (!valid) return {status: 401, body: {message: 'Invalid or missing webhook signature'}}
  const operation = req.headers['sanity-operation'] ?? 'change'
  const named = namedDocument(body)
  const reason = `${operation} ${named?.id ?? req.headers['sanity-document-id'] ?? 'a document'}`
  if (!named) {
    publisher.request(reason)
    return {status: 202, body: {message: 'Scheduled: the site is built again'}}
  }
  const release = publisher.hold()
  try {
    return await requestChanges(req, named, reason, {publisher, transactions})
  } finally {
    release()
  }
}

/** Asks the publisher for what the named document's transaction touches (see transactionChanges.ts). */
async function requestChanges(
  req: IncomingMessage,
  named: ChangedDocument,
  reason: string,
  {publisher, transactions}: Omit<HookParts, 'secret'>,
): Promise<Answer> {
  const transactionId = req.headers['sanity-transaction-id']
  let changes: ChangedDocument[]
  try {
    changes = await transactions.changesFor(
      typeof transactionId === 'string' ? transactionId : undefined,
      named,
      req.headers['sanity-operation'] === 'delete',
    )
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    publisher.request(`${reason} (its transaction could not be looked up: ${why})`)
    return {status: 202, body: {message: 'Scheduled: the site is built again'}}
  }
  if (changes.length === 0) {
    return {
      status: 202,
      body: {message: 'Scheduled already, with the rest of its transaction'},
    }
  }
  const others = changes.length > 1 ? ` and ${changes.length - 1} more of its transaction` : ''
  const unknown = changes.filter(
    ({type}) => !(SITE_DOCUMENT_TYPES as readonly string[]).includes(type),
  )
  if (unknown.length > 0) {
    const types = [...new Set(unknown.map(({type}) => type))].join(', ')
    publisher.request(`${reason}${others} (type ${types}, unknown to the site)`)
    return {status: 202, body: {message: 'Scheduled: the site is built again'}}
  }
  publisher.request(
    `${reason}${others}`,
    changeDocumentTags(changes.map(({id, type}) => ({id, types: [type]}))),
  )
  return {
    status: 202,
    body: {message: 'Scheduled: the pages this document touches are rendered again'},
  }
}

/**
 * The document a webhook's body names (the projection `{_id, _type, _rev}` docs/editing.md sets), if it does: a
 * document of a type the site reads re-renders what its tags touch; anything else takes a full build.
 */
function namedDocument(body: string): {id: string; type: string} | undefined {
  let projection: unknown
  try {
    projection = JSON.parse(body)
  } catch {
    return undefined
  }
  if (typeof projection !== 'object' || projection === null) return undefined
  const {_id: id, _type: type} = projection as {_id?: unknown; _type?: unknown}
  return typeof id === 'string' && typeof type === 'string' ? {id, type} : undefined
}

export async function startPublishHook({
  port,
  host = '127.0.0.1',
  edgeStatus,
  operations,
  ready,
  ...parts
}: HookParts & {
  port: number
  host?: string
  edgeStatus?: () => object
  operations: ServerOperations
  ready: Readiness
}) {
  type Handler = RouteHandler<IncomingMessage, ServerResponse>
  const status = () => ({
    ...parts.publisher.status(),
    ...(edgeStatus ? {edge: edgeStatus()} : {}),
  })
  const routes = [
    route<Handler>('GET', HOOK_PATH, ({res}) => send(res, 200, status())),
    route<Handler>('POST', HOOK_PATH, async ({req, res}) => {
      const {status, body} = await receiveWebhook(req, parts)
      send(res, status, body)
    }),
  ]
  const server = createServer(
    observed(operations, answerRoutes(routes, words(operations.log)), {ready}),
  )
  return {
    url: `http://${host}:${await listen(server, port, host)}${HOOK_PATH}`,
    close: () => stop(server),
  }
}
