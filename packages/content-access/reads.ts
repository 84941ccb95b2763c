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

/** The answers of the queries a batch of renders shares, by query, parameters and options. */
type SharedAnswers = Map<string, Promise<RawQueryResponse>>
type RawQueryResponse = {result: unknown; syncTags?: string[]}

/** One render's tags, and the answers it shares with the other renders of its batch, if any. */
type Reading = {tags: Set<string>; shared: SharedAnswers | undefined}

// One store per process, under a global key: the prerender's server bundle carries its own copy of this module,
// and the renderer that runs each output (web/prerender/renderOutputs.ts) imports this one.
const READING = Symbol.for('quantedge.contentReads')
const SHARING = Symbol.for('quantedge.contentAnswersShared')
const global = globalThis as Record<symbol, unknown>
const reading = (global[READING] ??= new AsyncLocalStorage<Reading>()) as AsyncLocalStorage<Reading>
const sharing = (global[SHARING] ??=
  new AsyncLocalStorage<SharedAnswers>()) as AsyncLocalStorage<SharedAnswers>

/** Runs one render and returns what it produced with the sorted tags of every query it ran. */
export async function recordingReads<T>(render: () => Promise<T>) {
  const tags = new Set<string>()
  const value = await reading.run({tags, shared: sharing.getStore()}, render)
  return {value, tags: [...tags].sort()}
}

/**
 * Runs a batch of renders (a release's outputs) in which the same query with the same parameters is asked of the
 * lake once: every page asks for the site settings, and a release reads them once, the same answer for all its
 * pages. Each render still records the query's tags.
 */
export const sharingAnswers = <T>(renders: () => Promise<T>) => sharing.run(new Map(), renders)

type Fetch = SanityClient['fetch']

/** How many queries' document tags are kept: more than a release of hundreds of pages asks. */
const KEPT_TAGS = 10_000
const documentTags = new Map<string, string[]>()

/**
 * A query's document tags, from its parse with groq-js, kept by query and parameters: a release's pages ask the
 * same questions (the site settings, each document their sections show), up to 0.1 ms of parsing each.
 */
function documentTagsOf(query: string, params: Record<string, unknown> | undefined) {
  const key = JSON.stringify([query, params])
  let tags = documentTags.get(key)
  if (!tags) {
    if (documentTags.size >= KEPT_TAGS) documentTags.clear()
    tags = queryDocumentTags(parse(query, {params}))
    documentTags.set(key, tags)
  }
  return tags
}

/** The batch's answer to a query (asked now if no render of the batch asked it yet); a failure is not kept. */
function sharedAnswer(
  shared: SharedAnswers,
  question: unknown[],
  ask: () => Promise<RawQueryResponse>,
) {
  const key = JSON.stringify(question)
  let answer = shared.get(key)
  if (!answer) {
    answer = ask()
    shared.set(key, answer)
    answer.catch(() => shared.delete(key))
  }
  return answer
}

/**
 * The client with its `fetch` noting each answer's sync tags and its query's document tags in the render that
 * asked. Everything else is the client's own, called on the client itself (its methods use private fields,
 * which a proxy does not have).
 */
export function recordingClient(client: SanityClient): SanityClient {
  const fetch = async (query: string, params?: Record<string, unknown>, options?: object) => {
    const store = reading.getStore()
    if (!store) return client.fetch(query, params, options as Parameters<Fetch>[2])
    const {tags, shared} = store
    const ask = () =>
      client.fetch(query, params, {...options, filterResponse: false}) as Promise<RawQueryResponse>
    const response = await (shared ? sharedAnswer(shared, [query, params, options], ask) : ask())
    for (const tag of response.syncTags ?? []) tags.add(tag)
    for (const tag of documentTagsOf(query, params)) tags.add(tag)
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
