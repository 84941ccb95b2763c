import {createServer, request as httpRequest} from 'node:http'
import type {AddressInfo} from 'node:net'
import {Readable} from 'node:stream'
import {expect, it, vi} from 'vitest'
import {
  bodyRefusal,
  BodyNotJson,
  BodyOverLimit,
  BodyTooDeep,
  LINGER_MS,
  parseJson,
  readBodyWithin,
  readJsonWithin,
  utf8Text,
} from './body.ts'

const request = (chunks: string[], headers: Record<string, string> = {}) =>
  Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {headers})

it('reads a body within its limit, and refuses a longer one after reading it (up to the drain limit)', async () => {
  expect(String(await readBodyWithin(request(['ab', 'cd']), 4))).toBe('abcd')
  await expect(readBodyWithin(request(['abc', 'de']), 4)).rejects.toEqual(
    expect.objectContaining({limit: 4, message: 'Request body exceeds limit of 4 bytes'}),
  )
  await expect(readBodyWithin(request(['abcde']), 4)).rejects.toBeInstanceOf(BodyOverLimit)
  const declared = request(['a'], {'content-length': '100'})
  await expect(readBodyWithin(declared, 4, {drainUpTo: 50})).rejects.toBeInstanceOf(BodyOverLimit)
  expect((await readBodyWithin(request(['abcd']), 4, {keep: false})).length).toBe(0)
})

it('refuses a body past the drain limit at once, reads and drops the rest a while, then closes it', async () => {
  vi.useFakeTimers()
  try {
    // A client that has sent 8 KiB and goes on sending (the body never ends).
    let pushed = 0
    const endless = Object.assign(
      new Readable({
        read() {
          if (pushed < 8) this.push(Buffer.alloc(1024, pushed++))
        },
      }),
      {headers: {}},
    )
    await expect(readBodyWithin(endless, 4, {drainUpTo: 4096})).rejects.toBeInstanceOf(
      BodyOverLimit,
    )
    // Still read (and dropped), not destroyed: the client is not cut off while it reads the answer.
    expect(endless.destroyed).toBe(false)
    expect(endless.readableFlowing).toBe(true)
    await vi.advanceTimersByTimeAsync(LINGER_MS)
    expect(endless.destroyed).toBe(true)
  } finally {
    vi.useRealTimers()
  }
})

it('lets an HTTP/1.1 client still sending a body past every limit read the 413', async () => {
  const server = createServer((req, res) => {
    readBodyWithin(req, 1024, {drainUpTo: 64 * 1024}).then(
      () => res.end('read'),
      (error: Error) => res.writeHead(413).end(error.message),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const {port} = server.address() as AddressInfo
    const answer = await new Promise<{status: number; text: string}>((resolve, reject) => {
      const req = httpRequest({port, host: '127.0.0.1', method: 'POST', path: '/'}, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({status: res.statusCode ?? 0, text}))
      })
      req.on('error', reject)
      // 8 MB in chunks, with no length declared: past the drain limit while it is still being sent.
      let sent = 0
      const sendMore = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += 64 * 1024
          if (!req.write(Buffer.alloc(64 * 1024, 'x'))) return void req.once('drain', sendMore)
        }
        req.end()
      }
      sendMore()
    })
    expect(answer).toEqual({status: 413, text: 'Request body exceeds limit of 1024 bytes'})
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

it('refuses bytes that are not UTF-8', () => {
  expect(utf8Text(Buffer.from('é'))).toBe('é')
  expect(() => utf8Text(Buffer.from([0xc3, 0x28]))).toThrow('The request body is not valid UTF-8')
})

it('parses JSON within a depth, saying why it refuses', () => {
  expect(parseJson('{"a": [1]}', 2)).toEqual({a: [1]})
  expect(() => parseJson('[[[]]]', 2)).toThrow(new BodyTooDeep(2))
  expect(() => parseJson('[[[]]]', 2)).toThrow('nested deeper than 2 levels')
  expect(() => parseJson('{', 2)).toThrow(BodyNotJson)
})

it('reads a JSON body whole, and says how to answer what it refuses', async () => {
  expect(await readJsonWithin(request(['{"a":', ' 1}']), 16, 2)).toEqual({
    text: '{"a": 1}',
    value: {a: 1},
  })
  const refusalOf = (chunks: (string | Buffer)[], limit = 16) =>
    readJsonWithin(
      Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {headers: {}}),
      limit,
      2,
    ).then(() => undefined, bodyRefusal)
  expect(await refusalOf(['{"a": "this is too long"}'])).toEqual({
    status: 413,
    message: 'Request body exceeds limit of 16 bytes',
  })
  expect(await refusalOf([Buffer.from([0xc3, 0x28])])).toEqual({
    status: 400,
    message: 'The request body is not valid UTF-8',
  })
  expect(await refusalOf(['[[[]]]'])).toEqual({status: 400, message: 'nested deeper than 2 levels'})
  expect((await refusalOf(['{']))?.status).toBe(400)
  expect(bodyRefusal(new Error('something else'))).toBeUndefined()
})
