// /functions/v1/<name> as Supabase's gateway answers it: the function's own answer, a JWT required unless its
// [functions.<name>] verify_jwt is false in config.toml, and 404 for a name that is no function.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {SignJWT} from 'jose'
import {answeringErrors, HttpError} from '@quantedge/server-kit/httpError'
import {listen, stop} from '@quantedge/server-kit/listen'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {CONFIG_FILE} from '../config.ts'
import {DEMO_ANON_KEY} from '../keys.ts'
import {startTestSupabase, type TestSupabase} from '../testing/testSupabase.ts'
import {handleFunction, type FunctionsGateway} from './gateway.ts'

const call = (url: string, name: string, init: RequestInit = {}) =>
  fetch(`${url}/functions/v1/${name}`, {method: 'POST', body: '{}', ...init})

describe('with the project’s config.toml (verify_jwt = false for notify-staff)', () => {
  let supabase: TestSupabase
  beforeAll(async () => {
    supabase = await startTestSupabase({outboxSchedule: 'off'})
  })
  afterAll(() => supabase.close())

  it('runs notify-staff for a POST without any key, which grants nothing it needs', async () => {
    const response = await call(supabase.url, 'notify-staff')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({sent: 0, failed: 0, refused: 0})
  })

  it('hands the function the method: notify-staff answers POST only', async () => {
    const response = await call(supabase.url, 'notify-staff', {method: 'GET', body: null})
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })

  it.each(['no-such-function', '_shared'])(
    'answers 404 for %s, which is no function',
    async (name) => {
      const response = await call(supabase.url, name)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      })
    },
  )
})

describe('with verify_jwt on', () => {
  let supabase: TestSupabase
  let configDir: string
  beforeAll(async () => {
    configDir = mkdtempSync(join(tmpdir(), 'functions-config-'))
    const configFile = join(configDir, 'config.toml')
    const config = readFileSync(CONFIG_FILE, 'utf8')
    expect(config).toContain('verify_jwt = false')
    writeFileSync(configFile, config.replace('verify_jwt = false', 'verify_jwt = true'))
    supabase = await startTestSupabase({outboxSchedule: 'off', configFile})
  })
  afterAll(async () => {
    await supabase.close()
    rmSync(configDir, {recursive: true, force: true})
  })

  it('refuses a call without a bearer token', async () => {
    const response = await call(supabase.url, 'notify-staff')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({code: 401, message: 'Missing authorization header'})
  })

  it('refuses a forged token', async () => {
    const forged = await new SignJWT({role: 'service_role'})
      .setProtectedHeader({alg: 'HS256'})
      .sign(new TextEncoder().encode('x'.repeat(40)))
    const response = await call(supabase.url, 'notify-staff', {
      headers: {Authorization: `Bearer ${forged}`},
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({code: 401, message: 'Invalid JWT'})
  })

  it('lets the project’s anon key through', async () => {
    const response = await call(supabase.url, 'notify-staff', {
      headers: {Authorization: `Bearer ${DEMO_ANON_KEY}`},
    })
    expect(response.status).toBe(200)
  })
})

describe('what the function is handed', () => {
  let server: Server
  let url: string
  const seen: Request[] = []
  const gateway: FunctionsGateway = {
    runner: {
      has: (name) => name === 'echo' || name === 'broken',
      invoke: async (name, request) => {
        if (name === 'broken') throw new Error('the function threw')
        seen.push(request)
        return new Response(await request.text(), {status: 201, headers: {'X-Echo': 'yes'}})
      },
      warm: () => {},
    },
    config: {verifyJwt: () => false},
    jwtSecret: 'unused',
  }
  beforeAll(async () => {
    server = createServer(
      answeringErrors(
        (req: IncomingMessage, res: ServerResponse) =>
          handleFunction(gateway, req.url!.split('/')[3]!, req, res, new URL(req.url!, url)),
        () => new HttpError(500, {message: 'unexpected'}),
      ),
    )
    url = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`
  })
  afterAll(() => stop(server))

  it('hands on the method, headers and body, with the path from the function’s name on', async () => {
    const response = await fetch(`${url}/functions/v1/echo/sub/path?x=1`, {
      method: 'PUT',
      headers: {'X-Caller': 'test'},
      body: 'hello',
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-echo')).toBe('yes')
    expect(await response.text()).toBe('hello')
    const request = seen.at(-1)!
    expect(new URL(request.url).pathname + new URL(request.url).search).toBe('/echo/sub/path?x=1')
    expect(request.method).toBe('PUT')
    expect(request.headers.get('x-caller')).toBe('test')
  })

  it('answers a function that throws as Supabase does, 500 WORKER_ERROR', async () => {
    const response = await fetch(`${url}/functions/v1/broken`, {method: 'POST'})
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
  })
})
