// The publish hook: receives Sanity's GROQ-powered webhooks (from Sanity, or the embedded lake), checks the
// signature with @sanity/webhook, and asks the publisher for a rebuild. GET answers the rebuild log.
import {createServer} from 'node:http'
import {isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import type {Publisher} from './publisher.ts'
import {listen, stop} from '@quantedge/server-kit/listen'

const MAX_BODY_BYTES = 256 * 1024
export const HOOK_PATH = '/hooks/publish'

export async function startPublishHook({
  port,
  secret,
  publisher,
  host = '127.0.0.1',
}: {
  port: number
  secret: string
  publisher: Publisher
  host?: string
}) {
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res
        .writeHead(status, {'Content-Type': 'application/json; charset=utf-8'})
        .end(JSON.stringify(body))
    }
    if (new URL(req.url ?? '/', 'http://hook').pathname !== HOOK_PATH)
      return reply(404, {message: 'Not found'})
    if (req.method === 'GET') return reply(200, publisher.status())
    if (req.method !== 'POST')
      return reply(405, {message: `${req.method} is not allowed; POST a webhook`})

    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > MAX_BODY_BYTES) return reply(413, {message: 'The webhook body is too large'})
      chunks.push(chunk as Buffer)
    }
    const body = Buffer.concat(chunks).toString('utf8')
    const signature = req.headers[SIGNATURE_HEADER_NAME]
    const valid =
      typeof signature === 'string' &&
      (await isValidSignature(body, signature, secret).catch(() => false))
    if (!valid) return reply(401, {message: 'Invalid or missing webhook signature'})

    const document = req.headers['sanity-document-id'] ?? 'a document'
    const operation = req.headers['sanity-operation'] ?? 'change'
    publisher.request(`${operation} ${document}`)
    reply(202, {message: 'Rebuild scheduled'})
  })
  return {
    url: `http://${host}:${await listen(server, port, host)}${HOOK_PATH}`,
    close: () => stop(server),
  }
}
