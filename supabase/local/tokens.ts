// HS256 JWTs with the project's secret: the access tokens GoTrue issues and the keys PostgREST accepts.
import {errors, jwtVerify, SignJWT, type JWTPayload} from 'jose'
import type {RequestClaims} from './database.ts'

const ROLES = new Set(['anon', 'authenticated', 'service_role'])

export type AccessClaims = RequestClaims & {session_id?: string; email?: string}

export class InvalidToken extends Error {
  readonly expired: boolean
  constructor(message: string, expired = false) {
    super(message)
    this.expired = expired
  }
}

const key = (secret: string) => new TextEncoder().encode(secret)

/** An access token valid for `lifetimeSeconds` ([auth] jwt_expiry). */
export async function signAccessToken(
  secret: string,
  issuer: string,
  claims: Record<string, unknown>,
  lifetimeSeconds: number,
) {
  const now = Math.floor(Date.now() / 1000)
  const token = await new SignJWT({...claims, iss: issuer})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .sign(key(secret))
  return {token, expiresAt: now + lifetimeSeconds}
}

/** Verifies signature, algorithm and expiry, and that the role is one Supabase knows. */
export async function verifyToken(secret: string, token: string): Promise<AccessClaims> {
  let payload: JWTPayload
  try {
    ;({payload} = await jwtVerify(token, key(secret), {algorithms: ['HS256']}))
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new InvalidToken('token is expired', true)
    throw new InvalidToken(
      error instanceof Error ? error.message : 'unable to parse or verify signature',
    )
  }
  if (typeof payload.role !== 'string' || !ROLES.has(payload.role)) {
    throw new InvalidToken(
      `the role claim "${String(payload.role)}" is not anon, authenticated or service_role`,
    )
  }
  return payload as AccessClaims
}
