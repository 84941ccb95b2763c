// A server listening before its build is done: 503 with Retry-After and a page that reloads itself until then,
// the built handler after, and a page that says the build failed when it did.
import {createServer, type RequestListener} from 'node:http'
import {afterEach, expect, it} from 'vitest'
import {listen, stop} from './listen.ts'
import {onceBuilt, RETRY_AFTER_SECONDS} from './onceBuilt.ts'

const servers: ReturnType<typeof createServer>[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await stop(server)
})

async function serving(listener: RequestListener) {
  const server = createServer(listener)
  servers.push(server)
  return `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`
}

it('says what is being built until it is, then answers with what was built', async () => {
  let built: (handler: RequestListener) => void = () => {}
  const url = await serving(
    onceBuilt('The Studio', new Promise<RequestListener>((resolve) => (built = resolve))),
  )

  const building = await fetch(`${url}/structure/indicator`)
  expect(building.status).toBe(503)
  expect(building.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS))
  expect(building.headers.get('cache-control')).toBe('no-store')
  const page = await building.text()
  expect(page).toContain('<title>The Studio is being built</title>')
  expect(page).toContain(`<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">`)
  expect(page).toContain(
    `This page reloads itself every ${RETRY_AFTER_SECONDS} seconds until it is.`,
  )

  built((req, res) => res.end(`the Studio at ${req.url}`))
  await Promise.resolve()
  const answered = await fetch(`${url}/structure/indicator`)
  expect(answered.status).toBe(200)
  expect(await answered.text()).toBe('the Studio at /structure/indicator')
})

it('says a build failed, without reloading, when it did', async () => {
  const failed = Promise.reject(new Error('sanity build failed'))
  const url = await serving(onceBuilt('The draft preview', failed))
  await failed.catch(() => {})

  const answer = await fetch(`${url}/`)
  expect(answer.status).toBe(503)
  expect(answer.headers.get('retry-after')).toBeNull()
  const page = await answer.text()
  expect(page).toContain('<title>The draft preview could not be built</title>')
  expect(page).not.toContain('http-equiv="refresh"')
})
