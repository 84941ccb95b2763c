// The parameters GoTrue's endpoints read from a body, checked with its messages (supabase/auth
// internal/api/helpers.go retrieveRequestParams, mail.go validateEmail, password.go checkPasswordStrength).
import type {IncomingMessage} from 'node:http'
import {BodyNotJson, BodyNotUtf8} from '@quantedge/server-kit/body'
import {readJson} from '../requestBody.ts'
import {authError} from './errors.ts'

const MIN_PASSWORD_LENGTH = 6
/** bcrypt reads no more than 72 bytes. */
const MAX_PASSWORD_BYTES = 72
const MAX_EMAIL_LENGTH = 255
// No white space, control characters or a second @ (checkmail's format check refuses them too).
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u

export async function jsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body: unknown
  try {
    body = (await readJson(req)) ?? {}
  } catch (error) {
    if (error instanceof BodyNotJson)
      throw authError(400, 'bad_json', `Could not parse request body as JSON: ${error.message}`)
    if (error instanceof BodyNotUtf8)
      throw authError(
        400,
        'bad_json',
        'Could not parse request body as JSON: the body is not valid UTF-8',
      )
    throw error
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  }
  // Postgres text and jsonb cannot hold U+0000; GoTrue would fail at the database with a 500.
  if (holdsNul(body))
    throw authError(
      400,
      'bad_json',
      'Could not parse request body as JSON: the NUL character (\\u0000) is not allowed',
    )
  return body as Record<string, unknown>
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(holdsNul)
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item))
  return false
}

/** An optional string field; anything else is the JSON-type error GoTrue's decoder gives. */
export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name] ?? ''
  if (typeof value !== 'string') {
    throw authError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${name} should be a string, not ${typeof value}`,
    )
  }
  return value
}

export function emailFrom(body: Record<string, unknown>): string {
  const email = stringField(body, 'email').trim()
  if (email === '') throw authError(400, 'validation_failed', 'An email address is required')
  if (email.length > MAX_EMAIL_LENGTH)
    throw authError(400, 'validation_failed', 'An email address is too long')
  if (!EMAIL.test(email))
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return email.toLowerCase()
}

/** A new password, held to GoTrue's strength rules. */
export function newPasswordFrom(body: Record<string, unknown>): string {
  const password = stringField(body, 'password')
  if (password === '') throw authError(400, 'validation_failed', 'Signup requires a valid password')
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw authError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      {
        weak_password: {reasons: ['length']},
      },
    )
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw authError(
      422,
      'weak_password',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    )
  }
  return password
}

/** The `data` of a sign-up or update: an object, or none. */
export function metadataFrom(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const data = body.data
  if (data === undefined || data === null) return undefined
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw authError(
      400,
      'bad_json',
      'Could not parse request body as JSON: data should be an object',
    )
  }
  return data as Record<string, unknown>
}
