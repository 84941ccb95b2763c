// The visitors of the edge bench, in a worker thread of their own so that the origins' event loop (in the bench's
// thread when they run there) does not slow them: `connections` kept-alive connections asking for `paths` in turn,
// as a browser does (brotli accepted), `count` requests a round. Answers each round's latencies, failures (a
// network error or a status other than 200) and how many answers the edge said were hits.
import {Agent, request} from 'node:http'
import {parentPort} from 'node:worker_threads'

export type LoadRound = {url: string; paths: readonly string[]; count: number; connections: number}
export type LoadResult = {latenciesMs: number[]; failed: number; hits: number; failures: string[]}

const agents = new Map<string, Agent>()

function get(agent: Agent, url: string) {
  return new Promise<{status: number; cache: string | undefined}>((resolve, reject) => {
    const req = request(url, {agent, headers: {'Accept-Encoding': 'br'}}, (res) => {
      res.resume()
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cache: res.headers['cache-status'] as string | undefined,
        }),
      )
      res.once('error', reject)
    })
    req.once('error', reject)
    req.end()
  })
}

async function run({url, paths, count, connections}: LoadRound): Promise<LoadResult> {
  const key = `${url} ${connections}`
  const agent = agents.get(key) ?? new Agent({keepAlive: true, maxSockets: connections})
  agents.set(key, agent)
  const result: LoadResult = {latenciesMs: [], failed: 0, hits: 0, failures: []}
  let next = 0
  const visitor = async () => {
    while (next < count) {
      const path = paths[next % paths.length]!
      next += 1
      const started = performance.now()
      try {
        const {status, cache} = await get(agent, `${url}${path}`)
        result.latenciesMs.push(performance.now() - started)
        if (status !== 200) {
          result.failed += 1
          result.failures.push(`${path}: ${status}`)
        }
        if (cache === 'edge; hit') result.hits += 1
      } catch (error) {
        result.latenciesMs.push(performance.now() - started)
        result.failed += 1
        result.failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  await Promise.all(Array.from({length: connections}, visitor))
  return result
}

parentPort?.on('message', (round: LoadRound) => {
  void run(round).then((result) => parentPort?.postMessage(result))
})
