// GROQ through groq-js, Sanity's own engine, with Sanity's answers for bad queries and params. Evaluation runs
// in the query workers (queryPool.ts); parsing alone is cheap and also runs where a listener is opened.
import {evaluate, GroqSyntaxError, parse, type DereferenceFunction, type ExprNode} from 'groq-js'
import {badRequest, queryParseError} from '../documents/errors.ts'
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

/** What groq-js evaluates: the query's tree (perhaps narrowed), the documents `*` reads, and how `->` finds one. */
export type Evaluation = {
  tree: ExprNode
  dataset: readonly unknown[]
  dereference?: DereferenceFunction
}

/** The query's result, and its sync tags (syncTags.ts), both from the one parse; `prepare` says what to read. */
export async function evaluateQuery(
  query: string,
  params: Record<string, unknown>,
  prepare: (tree: ExprNode) => Evaluation,
): Promise<{result: unknown; syncTags: string[]}> {
  const tree = parseQuery(query, params)
  try {
    const {tree: evaluated, dataset, dereference} = prepare(tree)
    const value = await evaluate(evaluated, {
      dataset,
      params,
      ...(dereference ? {dereference} : {}),
    })
    return {result: await value.get(), syncTags: querySyncTags(tree)}
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error), 'queryExecutionError')
  }
}
