// The part of MDN HTTP Observatory's analyzer (@mdn/mdn-http-observatory 1.4.8, JavaScript with JSDoc types) that
// observatory.ts calls, typed as its sources' JSDoc says.
declare module '@mdn/mdn-http-observatory/src/types.js' {
  export type ObservatoryResponse = {
    status: number
    headers: Record<string, string>
    verified: boolean
    data?: string
    request?: {headers: Record<string, string>}
    httpEquiv?: Map<string, string[]>
  }
  export class Requests {
    constructor(hostname: string)
    hostname: string
    resources: {path: string | null}
    responses: {
      auto: ObservatoryResponse | null
      cors: ObservatoryResponse | null
      http: ObservatoryResponse | null
      https: ObservatoryResponse | null
      httpRedirects: {url: URL; status: number}[]
      httpsRedirects: {url: URL; status: number}[]
    }
    session: {url: URL} | null
  }
}

declare module '@mdn/mdn-http-observatory/src/constants.js' {
  import type {Requests} from '@mdn/mdn-http-observatory/src/types.js'
  export type Output = {result: string | null; pass: boolean | null; constructor: {name: string}}
  export const ALL_TESTS: ((requests: Requests) => Output)[]
}

declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getScoreModifier(expectation: string): number
  export function getGradeForScore(score: number): {score: number; grade: string}
}

declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number
}

declare module '@mdn/mdn-http-observatory/src/retriever/utils.js' {
  export function parseHttpEquivHeaders(html: string, baseUrl: string): Map<string, string[]>
}

declare module '@mdn/mdn-http-observatory/src/config.js' {
  export const CONFIG: {retriever: {corsOrigin: string}}
}
