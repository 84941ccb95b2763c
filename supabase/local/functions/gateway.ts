// /functions/v1/<name> as Supabase's gateway answers it: unless [functions.<name>] verify_jwt = false, the
// request needs a valid JWT of the project as its bearer (a 401 otherwise: `{code: 401, message: 'Missing
// authorization header' | 'Invalid JWT'}`, Supabase's troubleshooting guide "Edge Function 401 error
// response"); then the function answers the request as the Edge Runtime hands it on (its method, headers,
// body, and its path from the function's name on: /notify-staff, not /functions/v1/notify-staff). No function
// of that name is 404 {code: 'NOT_FOUND', ...}; a function that throws is 500 {code: 'WORKER_ERROR', ...}.
import type {IncomingMessage, ServerResponse} from 'node:http'
import {readBodyWithin} from '@quantedge/server-kit/body'
import {bearerToken} from '@quantedge/server-kit/bearer'
import {HttpError} from '@quantedge/server-kit/httpError'
import {verifyToken} from '../tokens.ts'
import type {FunctionsConfig} from './config.ts'
import type {FunctionRunner} from './runner.ts'
import {serverLog} from '@quantedge/server-kit/log'

/** Supabase's limit on a function's request body (Edge Functions limits: 20 MB). */
const MAX_BODY_BYTES = 20 * 1024 * 1024

export type FunctionsGateway = {
  runner: FunctionRunner
  config: FunctionsConfig
  jwtSecret: string
}

export async function handleFunction(
  gateway: FunctionsGateway,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  if (!gateway.runner.has(name))
    throw new HttpError(404, {code: 'NOT_FOUND', message: 'Requested function was not found'})
  if (gateway.config.verifyJwt(name)) await checkJwt(req, gateway.jwtSecret)
  const method = req.method ?? 'GET'
  const body =
    method === 'GET' || method === 'HEAD' ? undefined : await readBodyWithin(req, MAX_BODY_BYTES)
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(key, value)
  const request = new Request(
    new URL(url.pathname.replace(/^\/functions\/v1/, '') + url.search, url),
    {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
    },
  )
  const response = await gateway.runner.invoke(name, request).catch((error: unknown) => {
    serverLog('supabase').error({err: error, function: name}, 'an Edge Function failed')
    throw new HttpError(500, {
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
  })
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
}

async function checkJwt(req: IncomingMessage, secret: string) {
  const token = bearerToken(req.headers)
  if (!token) throw new HttpError(401, {code: 401, message: 'Missing authorization header'})
  await verifyToken(secret, token).catch(() => {
    throw new HttpError(401, {code: 401, message: 'Invalid JWT'})
  })
}
