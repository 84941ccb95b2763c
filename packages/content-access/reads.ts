// What a rendered output read, as two kinds of tag on each query run while rendering it, so a publish can
// re-render only the outputs a change touches. Sync tags (`s1:…`) are the ones the Content Lake returns in the
// response body, which @sanity/client hands over with `filterResponse: false`; they meet the Live Content API's
// change messages (https://www.sanity.io/docs/live-api-reference, "Sync Tags"). Document tags (`type:…`, `id:…`,
// `*`) are what the query names, from its parse with groq-js; they meet a GROQ-powered webhook's `_id` and
// `_type`, since Sanity's sync tags are opaque. A render runs inside `recordingReads`; queries outside one are
// not recorded.
import {AsyncLocalStorage} from 'node:async_hooks'
import {queryDocumentTags} from './documentTags.ts'
import type {SanityClient} from '@sanity/client'
import {parse} from 'groq-js'

// One store per process, under a global key: the prerender's server bundle carries its own copy of this module,
// and the renderer that runs each output (web/prerender/renderOutputs.ts) imports this one.
const READING = Symbol.for('quantedge.contentReads')
const reading: AsyncLocalStorage<Set<string>> = ((globalThis as Record<symbol, unknown>)[
  READING
] ??= new AsyncLocalStorage<Set<string>>()) as AsyncLocalStorage<Set<string>>

/** Runs one render and returns what it produced with the sorted tags of every query it ran. */
export async function recordingReads<T>(render: () => Promise<T>) {
  const tags = new Set<string>()
  const value = await reading.run(tags, render)
  return {value, tags: [...tags].sort()}
}

type Fetch = SanityClient['fetch']

/**
 * The client with its `fetch` noting each answer's sync tags and its query's document tags in the render that
 * asked. Everything else is the client's own, called on the client itself (its methods use private fields,
 * which a proxy does not have).
 */
export function recordingClient(client: SanityClient): SanityClient {
  const fetch = async (query: string, params?: Record<string, unknown>, options?: object) => {
    const tags = reading.getStore()
    if (!tags) return client.fetch(query, params, options as Parameters<Fetch>[2])
    const response = await client.fetch(query, params, {...options, filterResponse: false})
    for (const tag of response.syncTags ?? []) tags.add(tag)
    for (const tag of queryDocumentTags(parse(query, {params}))) tags.add(tag)
    const wantsResponse = (options as {filterResponse?: boolean} | undefined)?.filterResponse
    return wantsResponse === false ? response : response.result
  }
  return new Proxy(client, {
    get(target, key) {
      if (key === 'fetch') return fetch
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
}
