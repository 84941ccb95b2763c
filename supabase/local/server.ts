// supabase/local: a Supabase-compatible server for development and tests, never for production. GoTrue
// under /auth/v1 and PostgREST under /rest/v1 (the parts supabase-js uses here), Postgres through PGlite
// with the production migrations, and a dev mailbox on a port of its own.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {openDatabase, type Database, type RequestClaims} from './database.ts'
import {authError, handleAuth, type AuthContext} from './gotrue.ts'
import {allowCrossOrigin, BodyNotJson, BodyTooLarge, bearerOf, HttpAnswer, MAX_BODY_BYTES, send} from './http.ts'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from './keys.ts'
import {Mailbox, startMailboxServer} from './mailbox.ts'
import {handleRest} from './postgrest.ts'
import {AddressRateLimit} from './rateLimit.ts'
import {InvalidToken, verifyToken} from './tokens.ts'

export type LocalSupabaseOptions = {
  /** Folder for the database and the mailbox; none keeps everything in memory. */
  dataDir?: string
  port?: number
  mailboxPort?: number
  host?: string
  siteUrl?: string
  redirectUrls?: string[]
  /** Minimum seconds between e-mails to one address (GoTrue's max_frequency). */
  emailIntervalSeconds?: number
}

export type LocalSupabase = {url: string; mailboxUrl: string; db: Database; close: () => Promise<void>}

const API_KEYS = new Set([DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY])
const SIGN_IN_ATTEMPTS = 30
const SIGN_IN_WINDOW_MS = 5 * 60_000

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const host = options.host ?? '127.0.0.1'
  const db = await openDatabase(options.dataDir)
  const mailbox = new Mailbox(options.dataDir)
  const mailboxServer = await startMailboxServer(mailbox, options.mailboxPort ?? 54324, host)
  const auth: AuthContext = {
    db,
    mailbox,
    jwtSecret: DEMO_JWT_SECRET,
    publicUrl: '',
    siteUrl: options.siteUrl ?? 'http://localhost:3000',
    redirectUrls: options.redirectUrls ?? [],
    emailLimit: new AddressRateLimit(1, (options.emailIntervalSeconds ?? 60) * 1000),
    signInLimit: new AddressRateLimit(SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS),
  }
  const server = createServer((req, res) => {
    route(req, res, auth).catch((error: unknown) => answerError(res, error, req.url ?? ''))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 54321, host, resolve)
  }).catch(async (error) => {
    await mailboxServer.close()
    await db.close()
    throw error
  })
  auth.publicUrl = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    url: auth.publicUrl,
    mailboxUrl: mailboxServer.url,
    db,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
      await mailboxServer.close()
      await db.close()
    },
  }
}

async function route(req: IncomingMessage, res: ServerResponse, auth: AuthContext) {
  allowCrossOrigin(req, res)
  if (req.method === 'OPTIONS') return send(res, 204)
  const url = new URL(req.url ?? '/', auth.publicUrl)
  if (url.pathname === '/health') return send(res, 200, {status: 'ok'})
  if (url.pathname === '/auth/v1/verify') return handleAuth(req, res, '/verify', url, auth)
  checkApiKey(req, url)
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    throw new BodyTooLarge(`The request body is larger than ${MAX_BODY_BYTES} bytes`)
  }
  if (url.pathname.startsWith('/auth/v1/')) return handleAuth(req, res, url.pathname.slice('/auth/v1'.length), url, auth)
  if (url.pathname.startsWith('/rest/v1/')) {
    const claims = await restClaims(req, url, auth.jwtSecret)
    const {status, body} = await handleRest(req, url.pathname.slice('/rest/v1'.length), url, claims, auth.db)
    return send(res, status, body)
  }
  throw new HttpAnswer(404, {message: `No API at ${url.pathname}`})
}

function checkApiKey(req: IncomingMessage, url: URL) {
  const apiKey = req.headers.apikey ?? url.searchParams.get('apikey')
  if (!apiKey) {
    throw new HttpAnswer(401, {message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.'})
  }
  if (typeof apiKey !== 'string' || !API_KEYS.has(apiKey)) {
    throw new HttpAnswer(401, {message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.'})
  }
}

/** The claims PostgREST runs a request with: the bearer JWT's, or the API key's when there is no bearer. */
async function restClaims(req: IncomingMessage, url: URL, secret: string): Promise<RequestClaims> {
  const token = bearerOf(req) ?? String(req.headers.apikey ?? url.searchParams.get('apikey'))
  try {
    return await verifyToken(secret, token)
  } catch (error) {
    const expired = error instanceof InvalidToken && error.expired
    throw new HttpAnswer(
      401,
      {code: expired ? 'PGRST303' : 'PGRST301', details: null, hint: null, message: expired ? 'JWT expired' : `JWT is invalid: ${(error as Error).message}`},
      {'WWW-Authenticate': 'Bearer'},
    )
  }
}

function answerError(res: ServerResponse, error: unknown, path: string) {
  const isAuth = path.startsWith('/auth/v1/')
  if (error instanceof HttpAnswer) return send(res, error.status, error.body, error.headers)
  if (error instanceof BodyTooLarge) {
    return send(res, 413, isAuth ? authError(413, 'request_too_large', error.message).body : {code: 'PGRST413', details: null, hint: null, message: error.message})
  }
  if (error instanceof BodyNotJson) {
    const answer = isAuth ? authError(400, 'bad_json', 'Could not parse request body as JSON') : new HttpAnswer(400, {code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json'})
    return send(res, answer.status, answer.body, answer.headers)
  }
  console.error('supabase/local:', error)
  send(res, 500, {message: 'Internal error in the local Supabase stand-in'})
}
