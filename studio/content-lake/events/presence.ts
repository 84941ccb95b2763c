// Presence, so editors see who else has a document open: the Studio's websocket at `/v<version>/socket/<dataset>`,
// speaking Sanity's "bifur" protocol (JSON-RPC 2.0). A socket first authorizes with the lake's token, then
// subscribes to `presence`; what one session announces (roll call, its locations, leaving) goes to every
// subscriber on the dataset, itself included, as Sanity's does (the Studio sets its own session aside).
// When a socket closes, its sessions are announced as gone. A socket from a browser origin that may not call the
// lake is refused (as its HTTP requests are, cors.ts), and no frame may exceed 64 KiB: a Studio's presence
// messages are a few hundred bytes, and ws refuses a bigger frame from its header, before reading it, so an
// unauthorised socket cannot make the lake hold megabytes.
import {randomUUID} from 'node:crypto'
import type {IncomingMessage} from 'node:http'
import type {Duplex} from 'node:stream'
import {WebSocketServer, type RawData, type WebSocket} from 'ws'

const MAX_FRAME_BYTES = 64 * 1024
const SOCKET_PATH = /^\/v(?:1|\d{4}-\d{2}-\d{2}|X)\/socket\/([a-z0-9][a-z0-9_-]{0,63})$/

/** JSON-RPC's codes, and the 4xxx codes bifur uses for HTTP-like failures. */
const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  unauthorized: 4001,
}

type Connection = {
  dataset: string
  authorized: boolean
  subscriptions: Set<string>
  sessions: Set<string>
}
type Request = {jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown}
type PresenceEvent =
  | {type: 'rollCall'; i: string; session: string}
  | {type: 'state'; i: string; m: {sessionId: string; locations: unknown}}
  | {type: 'disconnect'; i: string; m: {session: string}}

class RpcError extends Error {
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export type PresenceOptions = {
  token: string
  userId: string
  admitsOrigin: (origin: string) => boolean
}

export class Presence {
  readonly #sockets = new WebSocketServer({noServer: true, maxPayload: MAX_FRAME_BYTES})
  readonly #connections = new Map<WebSocket, Connection>()
  readonly #token: string
  readonly #userId: string
  readonly #admitsOrigin: (origin: string) => boolean

  constructor({token, userId, admitsOrigin}: PresenceOptions) {
    this.#token = token
    this.#userId = userId
    this.#admitsOrigin = admitsOrigin
  }

  /** Takes an HTTP upgrade request; one for anything but a dataset's socket is answered 404. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const origin = req.headers.origin
    if (origin !== undefined && !this.#admitsOrigin(origin)) {
      socket.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\n\r\nThe origin ${origin} may not open a socket on this Content Lake\n`,
      )
      return
    }
    const dataset = SOCKET_PATH.exec(new URL(req.url ?? '/', 'http://lake').pathname)?.[1]
    if (!dataset) {
      socket.end(
        'HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n\r\nOnly /v<version>/socket/<dataset> takes a websocket\n',
      )
      return
    }
    this.#sockets.handleUpgrade(req, socket, head, (ws) => this.#open(ws, dataset))
  }

  closeAll() {
    for (const ws of this.#connections.keys()) ws.terminate()
    this.#connections.clear()
    this.#sockets.close()
  }

  #open(ws: WebSocket, dataset: string) {
    const connection: Connection = {
      dataset,
      authorized: false,
      subscriptions: new Set(),
      sessions: new Set(),
    }
    this.#connections.set(ws, connection)
    ws.on('message', (data) => this.#receive(ws, connection, data))
    // ws reports a frame over the limit (or a broken frame) here, and closes the socket itself (1009, 1002).
    ws.on('error', () => undefined)
    ws.on('close', () => {
      this.#connections.delete(ws)
      for (const session of connection.sessions)
        this.#broadcast(dataset, {type: 'disconnect', i: this.#userId, m: {session}})
    })
  }

  #receive(ws: WebSocket, connection: Connection, data: RawData) {
    let request: Request = {}
    try {
      request = parseRequest(data.toString())
      const result = this.#call(
        connection,
        String(request.method),
        (request.params ?? {}) as Record<string, unknown>,
      )
      ws.send(JSON.stringify({jsonrpc: '2.0', id: request.id, result}))
    } catch (error) {
      const {code, message} =
        error instanceof RpcError ? error : new RpcError(RPC_ERROR.invalidRequest, String(error))
      ws.send(JSON.stringify({jsonrpc: '2.0', id: request.id ?? null, error: {code, message}}))
    }
  }

  #call(connection: Connection, method: string, params: Record<string, unknown>): unknown {
    if (method === 'authorization') {
      if (params.authorization !== `Bearer ${this.#token}`)
        throw new RpcError(RPC_ERROR.unauthorized, 'Session not found')
      connection.authorized = true
      return true
    }
    if (!connection.authorized)
      throw new RpcError(RPC_ERROR.unauthorized, 'Authorize with the lake token first')
    switch (method) {
      case 'presence_subscribe': {
        const subscription = randomUUID()
        connection.subscriptions.add(subscription)
        return subscription
      }
      case 'presence_unsubscribe':
        return connection.subscriptions.delete(requiredText(params, 'subscriptionId'))
      case 'presence_rollcall':
        this.#broadcast(connection.dataset, {
          type: 'rollCall',
          i: this.#userId,
          session: requiredText(params, 'session'),
        })
        return true
      case 'presence_announce': {
        const data = (params.data ?? {}) as {sessionId?: unknown; locations?: unknown}
        const sessionId = requiredText(data, 'sessionId')
        connection.sessions.add(sessionId)
        this.#broadcast(connection.dataset, {
          type: 'state',
          i: this.#userId,
          m: {sessionId, locations: data.locations ?? []},
        })
        return true
      }
      case 'presence_disconnect': {
        const session = requiredText(params, 'session')
        connection.sessions.delete(session)
        this.#broadcast(connection.dataset, {type: 'disconnect', i: this.#userId, m: {session}})
        return true
      }
      default:
        throw new RpcError(RPC_ERROR.methodNotFound, `Unknown method "${method}"`)
    }
  }

  #broadcast(dataset: string, event: PresenceEvent) {
    for (const [ws, connection] of this.#connections) {
      if (connection.dataset !== dataset) continue
      for (const subscription of connection.subscriptions) {
        ws.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'presence_subscription',
            params: {subscription, result: event},
          }),
        )
      }
    }
  }
}

function parseRequest(text: string): Request {
  let request: unknown
  try {
    request = JSON.parse(text)
  } catch {
    throw new RpcError(RPC_ERROR.parse, 'A message must be JSON')
  }
  const {jsonrpc, method} = (request ?? {}) as Request
  if (jsonrpc !== '2.0' || typeof method !== 'string')
    throw new RpcError(RPC_ERROR.invalidRequest, 'A message must be a JSON-RPC 2.0 request')
  return request as Request
}

function requiredText(params: Record<string, unknown>, name: string) {
  const value = params[name]
  if (typeof value !== 'string' || value === '')
    throw new RpcError(RPC_ERROR.invalidParams, `${name} is required`)
  return value
}
