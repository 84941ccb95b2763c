import {Readable} from 'node:stream'
import {expect, it} from 'vitest'
import {
  bodyRefusal,
  BodyNotJson,
  BodyOverLimit,
  BodyTooDeep,
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
