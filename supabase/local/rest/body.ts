// A write's JSON body, refused as PostgREST refuses it: not JSON by type (415), not JSON (PGRST102), not UTF-8
// (Postgres' 22021, which PostgREST passes on).
import type {IncomingMessage} from 'node:http'
import {BodyNotJson, BodyNotUtf8} from '@quantedge/server-kit/body'
import {readJson} from '../requestBody.ts'
import {postgrestError} from './errors.ts'

/** `untyped`: the type a body without a Content-Type is taken as (rpc's are JSON; a table write's must say so). */
export async function readJsonBody(req: IncomingMessage, untyped = ''): Promise<unknown> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? untyped)) {
    throw postgrestError(
      415,
      'PGRST107',
      `Content-Type not acceptable: ${req.headers['content-type'] ?? 'none'}`,
    )
  }
  try {
    return await readJson(req)
  } catch (error) {
    if (error instanceof BodyNotJson)
      throw postgrestError(400, 'PGRST102', 'Empty or invalid json', error.message)
    if (error instanceof BodyNotUtf8)
      throw postgrestError(400, '22021', 'invalid byte sequence for encoding "UTF8"')
    throw error
  }
}

export const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether the client asked for the written rows back (`Prefer: return=representation`); else 204/201 alone. */
export const wantsRepresentation = (req: IncomingMessage) =>
  /\breturn=representation\b/.test(String(req.headers.prefer ?? ''))
