// supabase/local: a Supabase-compatible server for development and tests, never for production. GoTrue
// under /auth/v1, PostgREST under /rest/v1 (the parts supabase-js uses here) and Edge Functions under
// /functions/v1, Postgres through PGlite with the production migrations, the clock that drains the leads
// outbox, and a dev mailbox on a port of its own. One server per data folder. Its log, request ids, /healthz,
// /readyz (the database answers) and /metrics (with the leads outbox's, leadMetrics.ts) are server-kit's observe.ts.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {lockDataFolder, type DataFolderLock} from '@quantedge/server-kit/dataFolderLock'
import {globPattern} from './auth/redirect.ts'
import {authError} from './auth/errors.ts'
import type {AuthContext} from './auth/context.ts'
import {authLimits, type Now} from './auth/rateLimits.ts'
import {handleAuth} from './auth/router.ts'
import {gatewayHeaders, socketAddress} from './clientAddress.ts'
import {readAuthConfig, type AuthConfig} from './config.ts'
import {openDatabase, type Database, type RequestClaims} from './database.ts'
import {BodyOverLimit} from '@quantedge/server-kit/body'
import {bearerToken} from '@quantedge/server-kit/bearer'
import {answeringErrors, HttpError} from '@quantedge/server-kit/httpError'
import type {Log} from '@quantedge/server-kit/log'
import {observed, serverOperations} from '@quantedge/server-kit/observe'
import {requestUrl} from '@quantedge/server-kit/requestUrl'
import {send} from '@quantedge/server-kit/send'
import {allowCrossOrigin} from './cors.ts'
import {DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY} from './keys.ts'
import {leadMetrics} from './leadMetrics.ts'
import {readFunctionsConfig} from './functions/config.ts'
import {handleFunction, type FunctionsGateway} from './functions/gateway.ts'
import {functionRunner} from './functions/runner.ts'
import {Mailbox} from './mailbox.ts'
import {startMailboxServer, type MailboxServer} from './mailboxServer.ts'
import {startOutboxClock, type OutboxClock, type Schedule} from './outboxClock.ts'
import {postgrestError} from './rest/errors.ts'
import {handleRest} from './rest/router.ts'
import {handleRpc} from './rest/rpc.ts'
import type {Env} from '@quantedge/server-kit/settings'
import {listen, stop as closeServer} from '@quantedge/server-kit/listen'
import {route, routeFor, type Params} from '@quantedge/server-kit/routes'
import {InvalidToken, verifyToken} from './tokens.ts'

export type AuthSettings = Partial<Omit<AuthConfig, 'rateLimit'>> & {
  rateLimit?: Partial<AuthConfig['rateLimit']>
}

export type LocalSupabaseOptions = {
  /** Folder for the database and the mailbox, held by this server alone; none keeps everything in memory. */
  dataDir?: string
  port?: number
  mailboxPort?: number
  host?: string
  /** The Supabase CLI's config file whose [auth] settings apply (supabase/config.toml by default). */
  configFile?: string
  /** Settings that take the place of the config file's. */
  auth?: AuthSettings
  /**
   * The environment Edge Functions read (their secrets on Supabase), asked at each call: by default this
   * process's. SUPABASE_URL and the keys are always the stand-in's own, as Supabase sets them.
   */
  functionEnv?: (stack: {url: string; mailboxUrl: string}) => Env
  /**
   * When the outbox clock ticks (every 10 s, as the migration's pg_cron job; tests tick it themselves), or
   * 'off': no clock and no kick after an insert, for tests that drain the outbox themselves.
   */
  outboxSchedule?: Schedule | 'off'
  /** The time GoTrue's limits refill by: the system's, or one a test holds still or moves. */
  limitsClock?: Now
  /** Where it logs (its own log on standard output by default). */
  log?: Log
}

export type LocalSupabase = {
  url: string
  mailboxUrl: string
  db: Database
  /** The dev mailbox's server going down and coming back on its port, as a mail service can. */
  mailbox: {stop: () => Promise<void>; start: () => Promise<void>}
  /** Resolves once the outbox clock has no run of notify-staff under way. */
  outboxSettled: () => Promise<void>
  close: () => Promise<void>
}

const API_KEYS = new Set([DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY])

function authConfig(options: LocalSupabaseOptions): AuthConfig {
  const fromFile = readAuthConfig(options.configFile)
  return {
    ...fromFile,
    ...options.auth,
    rateLimit: {...fromFile.rateLimit, ...options.auth?.rateLimit},
  }
}

export async function startLocalSupabase(
  options: LocalSupabaseOptions = {},
): Promise<LocalSupabase> {
  const host = options.host ?? '127.0.0.1'
  const config = authConfig(options)
  const lock: DataFolderLock | undefined = options.dataDir
    ? await lockDataFolder(options.dataDir, 'supabase/local')
    : undefined
  // What has been started, closed in reverse order, once: the lock last, after the database.
  const started: (() => Promise<void>)[] = [async () => lock?.release()]
  const stop = async () => {
    for (const close of started.splice(0).reverse()) await close()
  }
  try {
    const db = await openDatabase(options.dataDir)
    started.push(() => db.close())
    const operations = serverOperations('supabase', options.log)
    leadMetrics(operations.metrics, db)
    const mailbox = new Mailbox(options.dataDir)
    let mailboxServer: MailboxServer | undefined = await startMailboxServer(
      mailbox,
      options.mailboxPort ?? 54324,
      host,
    )
    const mailboxUrl = mailboxServer.url
    const mailboxControl = {
      stop: async () => {
        await mailboxServer?.close()
        mailboxServer = undefined
      },
      start: async () => {
        mailboxServer ??= await startMailboxServer(mailbox, Number(new URL(mailboxUrl).port), host)
      },
    }
    started.push(mailboxControl.stop)
    const auth: AuthContext = {
      db,
      mailbox,
      jwtSecret: DEMO_JWT_SECRET,
      publicUrl: '',
      config,
      redirects: {
        siteUrl: config.siteUrl,
        allowList: config.additionalRedirectUrls.map(globPattern),
      },
      limits: authLimits(config, options.limitsClock),
    }
    const projectUrl = () => auth.publicUrl
    const runner = functionRunner(projectUrl, () =>
      (options.functionEnv ?? (() => process.env))({url: auth.publicUrl, mailboxUrl}),
    )
    const functions: FunctionsGateway = {
      runner,
      config: readFunctionsConfig(options.configFile),
      jwtSecret: DEMO_JWT_SECRET,
    }
    const outbox =
      options.outboxSchedule === 'off'
        ? {kick: () => {}, catchUp: async () => {}, settled: async () => {}, stop: async () => {}}
        : startOutboxClock(db, runner, projectUrl, options.outboxSchedule)
    const server = createServer(
      observed(
        operations,
        answeringErrors(
          (req: IncomingMessage, res: ServerResponse) =>
            answer(req, res, {auth, functions, outbox}),
          errorAnswer(operations.log),
        ),
        {ready: () => databaseAnswers(db)},
      ),
    )
    const port = await listen(server, options.port ?? 54321, host)
    started.push(() => closeServer(server))
    // Stopped before the server closes: a run of the function calls back into this server.
    started.push(outbox.stop)
    auth.publicUrl = `http://${host}:${port}`
    // Only now: a run of notify-staff calls this server back at its URL.
    await outbox.catchUp()
    return {
      url: auth.publicUrl,
      mailboxUrl,
      db,
      mailbox: mailboxControl,
      outboxSettled: outbox.settled,
      close: stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

type Services = {auth: AuthContext; functions: FunctionsGateway; outbox: OutboxClock}

type Request = Services & {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  clientAddress: string
}
type Handler = (request: Request, params: Params) => Promise<void>

/** The APIs under their prefixes, as Supabase's gateway routes them; the e-mailed links need no API key. */
const ROUTES = [
  route<Handler>('*', '/health', async ({res}) => send(res, 200, {status: 'ok'})),
  route<Handler>('*', '/auth/v1/verify', ({req, res, url, auth, clientAddress}) =>
    handleAuth(req, res, '/verify', url, {auth, clientAddress}),
  ),
  route<Handler>('*', '/auth/v1/*', ({req, res, url, auth, clientAddress}, params) => {
    checkApiKey(req, url)
    return handleAuth(req, res, `/${params[0] ?? ''}`, url, {auth, clientAddress})
  }),
  route<Handler>(
    '*',
    '/rest/v1/rpc/:name',
    async ({req, res, url, auth, clientAddress}, params) => {
      checkApiKey(req, url)
      const claims = await restClaims(req, url, auth.jwtSecret)
      const headers = gatewayHeaders(req, clientAddress)
      const name = params.name ?? ''
      const {status, json} = await handleRpc({req, name, url, claims, db: auth.db, headers})
      send(res, status, json === undefined ? undefined : Buffer.from(json), {
        'Content-Type': 'application/json; charset=utf-8',
      })
    },
  ),
  route<Handler>(
    '*',
    '/rest/v1/*',
    async ({req, res, url, auth, outbox, clientAddress}, params) => {
      checkApiKey(req, url)
      const claims = await restClaims(req, url, auth.jwtSecret)
      const headers = gatewayHeaders(req, clientAddress)
      const path = `/${params[0] ?? ''}`
      const answer = await handleRest({req, path, url, claims, db: auth.db, headers})
      send(res, answer.status, answer.body, answer.headers)
      // The insert's trigger filled the outbox: drain it now rather than at the clock's next tick.
      if (req.method === 'POST' && path === '/free_estimate_requests') outbox.kick()
    },
  ),
  route<Handler>('*', '/functions/v1/:name{/*}?', ({req, res, url, functions}, params) =>
    handleFunction(functions, params.name ?? '', req, res, url),
  ),
]

async function answer(req: IncomingMessage, res: ServerResponse, services: Services) {
  allowCrossOrigin(req, res)
  if (req.method === 'OPTIONS') return send(res, 204)
  const url = requestUrl(req.url, services.auth.publicUrl)
  if (!url) throw new HttpError(400, {message: 'The request target is not a URL'})
  const {handler, params} = routeFor(ROUTES, req.method ?? 'GET', url.pathname, {
    notFound: () => {
      checkApiKey(req, url)
      return new HttpError(404, {message: `No API at ${url.pathname}`})
    },
  })
  await handler({req, res, url, ...services, clientAddress: socketAddress(req)}, params)
}

function checkApiKey(req: IncomingMessage, url: URL) {
  const apiKey = req.headers.apikey ?? url.searchParams.get('apikey')
  if (!apiKey) {
    throw new HttpError(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    })
  }
  if (typeof apiKey !== 'string' || !API_KEYS.has(apiKey)) {
    throw new HttpError(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    })
  }
}

/** The claims PostgREST runs a request with: the bearer JWT's, or the API key's when there is no bearer. */
async function restClaims(req: IncomingMessage, url: URL, secret: string): Promise<RequestClaims> {
  const token =
    bearerToken(req.headers) ?? String(req.headers.apikey ?? url.searchParams.get('apikey'))
  try {
    return await verifyToken(secret, token)
  } catch (error) {
    const expired = error instanceof InvalidToken && error.expired
    throw postgrestError(
      401,
      expired ? 'PGRST303' : 'PGRST301',
      expired ? 'JWT expired' : `JWT is invalid: ${(error as Error).message}`,
      null,
      null,
      {
        'WWW-Authenticate': 'Bearer',
      },
    )
  }
}

/** Ready while the database answers a query. */
async function databaseAnswers(db: Database) {
  await db.query('select 1')
  return {database: {ok: true, detail: 'the database answers'}}
}

/** Errors no endpoint turned into an answer: a body over the limit, else a 500 in the stand-in's words. */
const errorAnswer =
  (log: Log) =>
  (error: unknown, req: IncomingMessage): HttpError => {
    if (error instanceof BodyOverLimit) {
      const message = `Request body too large (max ${error.limit} bytes)`
      return (req.url ?? '').startsWith('/auth/v1/')
        ? authError(413, 'request_entity_too_large', message)
        : // PostgREST reads any size; Supabase's gateway in front of it answers an oversized body with 413.
          new HttpError(413, {code: null, details: null, hint: null, message})
    }
    log.error({err: error}, 'a request failed')
    return new HttpError(500, {message: 'Internal error in the local Supabase stand-in'})
  }
