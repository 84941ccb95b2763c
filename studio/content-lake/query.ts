// GROQ through groq-js, Sanity's own engine, with Sanity's answers for bad queries and params.
import {evaluate, GroqSyntaxError, parse} from 'groq-js'
import {badRequest, queryParseError} from './errors.ts'
import type {StoredDocument} from './documents.ts'

/** Query-string params arrive as `$name=<JSON>`, as @sanity/client sends them. */
export function paramsFromSearch(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, raw] of search) {
    if (!key.startsWith('$')) continue
    try {
      params[key.slice(1)] = JSON.parse(raw)
    } catch {
      throw badRequest(`Unable to parse value of "${key}=${raw}". Please quote string values.`, 'httpBadRequest')
    }
  }
  return params
}

export async function runQuery(
  query: string,
  params: Record<string, unknown>,
  documents: StoredDocument[],
): Promise<unknown> {
  let tree
  try {
    tree = parse(query, {params})
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      throw queryParseError(query, error.message, error.position, error.position + 1)
    }
    throw badRequest(error instanceof Error ? error.message : String(error), 'queryParseError')
  }
  try {
    const value = await evaluate(tree, {dataset: documents, params})
    return await value.get()
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error), 'queryExecutionError')
  }
}
