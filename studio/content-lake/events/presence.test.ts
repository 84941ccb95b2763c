// Presence over the lake's websocket, spoken as the Studio's bifur client speaks it (JSON-RPC 2.0 messages).
import {readFileSync} from 'node:fs'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {WebSocket} from 'ws'
import {startTestLake, TEST_LAKE_TOKEN, type TestLake} from '../testing/testLake.ts'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake(undefined, [], {secure: true})
})
afterAll(() => lake.close())

type Message = {
  id?: string
  result?: unknown
  error?: {code: number; message: string}
  method?: string
  params?: {subscription: string; result: Record<string, unknown>}
}

/** A socket that keeps every message it receives and answers each request by its id. */
async function openSocket(
  url = `${lake.url.replace(/^http/, 'ws')}/v2022-06-30/socket/production`,
  options: {ca?: Buffer} = {},
) {
  const ws = new WebSocket(url, options)
  const received: Message[] = []
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as Message))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  let next = 0
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const id = `request-${(next += 1)}`
    ws.send(JSON.stringify({jsonrpc: '2.0', method, params: {...params, apiVersion: 'v1'}, id}))
    await expect.poll(() => received.some((message) => message.id === id)).toBe(true)
    return received.find((message) => message.id === id) as Message
  }
  const events = () =>
    received
      .filter((message) => message.method === 'presence_subscription')
      .map((message) => message.params?.result)
  const joinPresence = async () => {
    expect((await call('authorization', {authorization: `Bearer ${TEST_LAKE_TOKEN}`})).result).toBe(
      true,
    )
    expect((await call('presence_subscribe')).result).toEqual(expect.any(String))
  }
  return {ws, received, call, events, joinPresence}
}

describe('presence', () => {
  it('tells every subscriber what a session announces, a roll call, and that a closed session is gone', async () => {
    const [first, second] = [await openSocket(), await openSocket()]
    await first.joinPresence()
    await second.joinPresence()
    const locations = [
      {
        type: 'document',
        documentId: 'indicator-iv',
        path: ['price'],
        lastActiveAt: '2026-11-22T10:00:00Z',
      },
    ]
    expect(
      (await first.call('presence_announce', {data: {sessionId: 'tab-one', locations}})).result,
    ).toBe(true)
    const announced = {type: 'state', i: 'p-embedded-editor', m: {sessionId: 'tab-one', locations}}
    for (const socket of [first, second]) await expect.poll(socket.events).toContainEqual(announced)

    await second.call('presence_rollcall', {session: 'tab-two'})
    await expect
      .poll(first.events)
      .toContainEqual({type: 'rollCall', i: 'p-embedded-editor', session: 'tab-two'})

    first.ws.close()
    await expect
      .poll(second.events)
      .toContainEqual({type: 'disconnect', i: 'p-embedded-editor', m: {session: 'tab-one'}})
    second.ws.close()
  })

  it('answers over TLS on the secure port, as the Studio connects', async () => {
    const secure = await openSocket(
      `${(lake.secureUrl ?? '').replace(/^https/, 'wss')}/v2022-06-30/socket/production`,
      {
        ca: readFileSync(lake.authorityPath ?? ''),
      },
    )
    await secure.joinPresence()
    secure.ws.close()
  })

  it('refuses a wrong token, requests before authorizing, bad messages and unknown methods, with JSON-RPC errors', async () => {
    const socket = await openSocket()
    expect((await socket.call('presence_subscribe')).error).toMatchObject({code: 4001})
    expect((await socket.call('authorization', {authorization: 'Bearer wrong'})).error).toEqual({
      code: 4001,
      message: 'Session not found',
    })
    await socket.joinPresence()
    expect((await socket.call('presence_teleport')).error).toMatchObject({
      code: -32601,
      message: expect.stringContaining('presence_teleport'),
    })
    expect((await socket.call('presence_rollcall')).error).toEqual({
      code: -32602,
      message: 'session is required',
    })
    socket.ws.send('not json')
    await expect
      .poll(() => socket.received.at(-1))
      .toEqual({jsonrpc: '2.0', id: null, error: {code: -32700, message: 'A message must be JSON'}})
    socket.ws.close()
  })

  it('closes a socket that sends a frame over 64 KiB before reading it (1009), and keeps serving the others', async () => {
    const [flooding, other] = [await openSocket(), await openSocket()]
    const closed = new Promise<number>((resolve) =>
      flooding.ws.once('close', (code) => resolve(code)),
    )
    flooding.ws.once('error', () => undefined)
    flooding.ws.send(Buffer.alloc(60_000_000, 0x20))
    expect(await closed).toBe(1009)
    await other.joinPresence()
    other.ws.close()
  })

  it('answers a websocket on any other path with 404', async () => {
    await expect(
      openSocket(`${lake.url.replace(/^http/, 'ws')}/v2022-06-30/data/listen/production`),
    ).rejects.toThrow(/404/)
  })
})
