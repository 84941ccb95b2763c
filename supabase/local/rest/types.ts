// What every PostgREST handler of the stand-in takes and gives back.
import type {IncomingMessage} from 'node:http'
import type {Database, RequestClaims} from '../database.ts'

export type RestRequest = {
  req: IncomingMessage
  path: string
  url: URL
  claims: RequestClaims
  db: Database
  headers: Record<string, string>
}

export type RestAnswer = {status: number; body?: unknown; headers?: Record<string, string>}
