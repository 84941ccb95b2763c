// Malformed writes, listens and requests get Sanity's 4xx answers with a message, on both ports, and the
// dataset, its transaction log and its assets stay byte for byte as they were.
import {request as httpRequest} from 'node:http'
import type {ClientHttp2Session} from 'node:http2'
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {http2Request, openHttp2Session} from '../testing/testHttp2.ts'
import {startTestLake, TEST_LAKE_TOKEN, testLakeClient, type TestLake} from '../testing/testLake.ts'

type Answer = {status: number; text: string}

/** What a client shows of an error answer: Sanity's `error.description`, or `message`. */
function errorMessage(text: string): string {
  const body = JSON.parse(text) as {error?: {description?: string}; message?: string}
  return body.error?.description ?? body.message ?? ''
}

let lake: TestLake
let session: ClientHttp2Session
beforeAll(async () => {
  lake = await startTestLake(undefined, [], {secure: true})
  session = await openHttp2Session(lake)
  await testLakeClient(lake.url)
    .transaction()
    .create({_id: 'straddle', _type: 'indicator', name: 'Straddle', price: 500})
    .create({_id: 'drafts.straddle', _type: 'indicator', name: 'Straddle', price: 750})
    .commit()
})
afterAll(async () => {
  session.close()
  await lake.close()
})

const api = (path: string) => `/v2025-02-19${path}`
const authorization = `Bearer ${TEST_LAKE_TOKEN}`

async function overHttp1(method: string, path: string, body?: string | Buffer): Promise<Answer> {
  const bytes = body === undefined || typeof body === 'string' ? body : new Uint8Array(body)
  const response = await fetch(`${lake.url}${path}`, {
    method,
    headers: {'Authorization': authorization, 'Content-Type': 'application/json'},
    body: bytes ?? null,
  })
  return {status: response.status, text: await response.text()}
}

/** A GET whose request target is sent as it is, as any raw client can send it. */
const withTarget = (target: string) =>
  new Promise<Answer>((resolve, reject) => {
    const {hostname, port} = new URL(lake.url)
    httpRequest({hostname, port, path: target, headers: {authorization}}, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({status: response.statusCode ?? 0, text}))
    })
      .on('error', reject)
      .end()
  })

const overHttp2 = (method: string, path: string, body?: string | Buffer) =>
  http2Request(
    session,
    {':method': method, ':path': path, authorization, 'content-type': 'application/json'},
    body,
  )

const mutate = (...mutations: unknown[]) =>
  overHttp1('POST', api('/data/mutate/production'), JSON.stringify({mutations}))
const act = (...actions: unknown[]) =>
  overHttp1('POST', api('/data/actions/production'), JSON.stringify({actions}))
const nested = (levels: number): unknown => (levels === 0 ? 'bottom' : {deeper: nested(levels - 1)})
const edit = (patch: unknown) => ({
  actionType: 'sanity.action.document.edit',
  draftId: 'drafts.straddle',
  publishedId: 'straddle',
  patch,
})
const fiftyMegabytes = () => Buffer.alloc(50_000_000, 0x20)

const cases: [string, () => Promise<Answer>, number, RegExp][] = [
  [
    'an absolute-form request target that no URL can hold',
    () => withTarget('http://a:99999/v1/ping'),
    400,
    /The request target is not a URL/,
  ],
  [
    'a patch with an unknown operation (a typo of set)',
    () => mutate({patch: {id: 'straddle', sett: {price: 1}}}),
    400,
    /Unknown patch operation "sett"/,
  ],
  [
    'inc on a string field',
    () => mutate({patch: {id: 'straddle', inc: {name: 1}}}),
    400,
    /Can't increment "name", because it is not a number/,
  ],
  [
    'dec on a string field',
    () => mutate({patch: {id: 'straddle', dec: {name: 1}}}),
    400,
    /Can't decrement "name"/,
  ],
  [
    'inc by a string',
    () => mutate({patch: {id: 'straddle', inc: {price: '1'}}}),
    400,
    /amounts must be numbers/,
  ],
  [
    'diffMatchPatch on a number',
    () => mutate({patch: {id: 'straddle', diffMatchPatch: {price: '@@ -1 +1 @@'}}}),
    400,
    /Can't diff-match-patch "price"/,
  ],
  [
    'unset with a path that is not in a list',
    () => mutate({patch: {id: 'straddle', unset: 'price'}}),
    400,
    /unset: give a list of paths/,
  ],
  [
    'insert without a position',
    () => mutate({patch: {id: 'straddle', insert: {items: []}}}),
    400,
    /insert: give one of before, after or replace/,
  ],
  [
    'a create with a number as _id',
    () => mutate({create: {_id: 42, _type: 'indicator'}}),
    400,
    /_id must be a string/,
  ],
  [
    'a createOrReplace with an object as _id',
    () => mutate({createOrReplace: {_id: {}, _type: 'indicator'}}),
    400,
    /_id must be a string/,
  ],
  [
    'a patch with a number as id',
    () => mutate({patch: {id: 7, set: {price: 1}}}),
    400,
    /id, query and ifRevisionID must be strings/,
  ],
  [
    'a delete with a list as id',
    () => mutate({delete: {id: ['straddle']}}),
    400,
    /id and query must be strings/,
  ],
  [
    'a document nested deeper than 20 levels',
    () => mutate({create: {_id: 'deep', _type: 'indicator', body: nested(24)}}),
    400,
    /nests deeper than 20 levels/,
  ],
  [
    'a body nested deeper than 32 levels',
    () => mutate({create: {_id: 'deep', _type: 'indicator', body: nested(40)}}),
    400,
    /nests deeper than 32 levels/,
  ],
  ['{"actions": [null]}', () => act(null), 400, /Action 0 must be an object/],
  [
    'an edit action with an unknown patch operation',
    () => act(edit({sett: {price: 1}})),
    400,
    /Unknown patch operation "sett"/,
  ],
  [
    'a create action whose attributes are not an object',
    () => act({actionType: 'sanity.action.document.create', publishedId: 'x', attributes: null}),
    400,
    /needs attributes as an object/,
  ],
  [
    'invalid UTF-8 in a body',
    () =>
      overHttp1(
        'POST',
        api('/data/mutate/production'),
        Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      ),
    400,
    /not valid UTF-8/,
  ],
  [
    'a listen whose query does not parse',
    () =>
      overHttp1('GET', api(`/data/listen/production?query=${encodeURIComponent('*[_type ==')}`)),
    400,
    /Expected|unexpected/i,
  ],
  [
    'PROPFIND on the query endpoint',
    () => overHttp1('PROPFIND', api('/data/query/production?query=*')),
    405,
    /PROPFIND is not allowed/,
  ],
  [
    'DELETE on the query endpoint',
    () => overHttp1('DELETE', api('/data/query/production?query=*')),
    405,
    /DELETE is not allowed here; use GET or HEAD or POST/,
  ],
  [
    'GET on the mutate endpoint',
    () => overHttp1('GET', api('/data/mutate/production')),
    405,
    /GET is not allowed here/,
  ],
  [
    'a 50 MB mutation over HTTP/1.1',
    () => overHttp1('POST', api('/data/mutate/production'), fiftyMegabytes()),
    413,
    /Request body exceeds limit of 4000000 bytes/,
  ],
  [
    'a 50 MB mutation over HTTP/2',
    () => overHttp2('POST', api('/data/mutate/production'), fiftyMegabytes()),
    413,
    /Request body exceeds limit of 4000000 bytes/,
  ],
  [
    'a 50 MB body to an endpoint that reads none, over HTTP/2',
    () => overHttp2('POST', api('/users/me'), fiftyMegabytes()),
    413,
    /Request body exceeds limit/,
  ],
  [
    'a 50 MB upload without a token, over HTTP/2 (read and dropped, not kept)',
    () =>
      http2Request(
        session,
        {':method': 'POST', ':path': api('/assets/files/production')},
        fiftyMegabytes(),
      ),
    401,
    /Uploads need a token/,
  ],
]

/** Every file under the data folder (datasets, transaction log, assets), by its path. */
function dataFiles(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  for (const entry of readdirSync(folder, {withFileTypes: true, recursive: true})) {
    if (entry.isFile())
      files.set(
        join(entry.parentPath, entry.name),
        readFileSync(join(entry.parentPath, entry.name)),
      )
  }
  return files
}

describe('malformed input', () => {
  it.each(cases)(
    'answers %s with a 4xx and a message, writing nothing',
    async (_, send, status, message) => {
      const before = dataFiles(lake.dataDir)
      const answer = await send()
      expect(answer.status).toBe(status)
      expect(errorMessage(answer.text)).toMatch(message)
      const after = dataFiles(lake.dataDir)
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
      for (const [file, bytes] of before) expect(after.get(file)?.equals(bytes), file).toBe(true)
    },
  )

  it('still writes well-formed mutations afterwards', async () => {
    expect((await mutate({patch: {id: 'straddle', inc: {price: 25}}})).status).toBe(200)
    expect((await testLakeClient(lake.url).getDocument('straddle'))?.price).toBe(525)
  })
})
