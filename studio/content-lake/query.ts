// GROQ through groq-js, Sanity's own engine, with Sanity's answers for bad queries and params. Evaluation runs
// in the query workers (queryPool.ts); parsing alone is cheap and also runs where a listener is opened.
import {evaluate, GroqSyntaxError, parse} from 'groq-js'
import {badRequest, queryParseError} from './errors.ts'
import type {StoredDocument} from './documents.ts'
import {querySyncTags} from './syncTags.ts'

/** Query-string params arrive as `$name=<JSON>`, as @sanity/client sends them. */
export function paramsFromSearch(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, raw] of search) {
    if (!key.startsWith('$')) continue
    try {
      params[key.slice(1)] = JSON.parse(raw)
    } catch {
      throw badRequest(
        `Unable to parse value of "${key}=${raw}". Please quote string values.`,
        'httpBadRequest',
      )
    }
  }
  return params
}

/** The query's syntax tree, or Sanity's 400 `queryParseError` with the span of the mistake. */
export function parseQuery(query: string, params: Record<string, unknown>) {
  try {
    return parse(query, {params})
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      throw queryParseError(query, error.message, error.position, error.position + 1)
    }
    throw badRequest(error instanceof Error ? error.message : String(error), 'queryParseError')
  }
}

/** The query's result, and its sync tags (syncTags.ts), both from the one parse. */
export async function evaluateQuery(
  query: string,
  params: Record<string, unknown>,
  documents: StoredDocument[],
): Promise<{result: unknown; syncTags: string[]}> {
  const tree = parseQuery(query, params)
  try {
    const value = await evaluate(tree, {dataset: documents, params})
    return {result: await value.get(), syncTags: querySyncTags(tree)}
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error), 'queryExecutionError')
  }
}
