// The auth settings of supabase/config.toml, the file the Supabase CLI reads, so the stand-in and
// `supabase start` take them from one place. The CLI hands them to GoTrue as environment variables
// (supabase/cli internal/start/start.go): site_url → GOTRUE_SITE_URL, additional_redirect_urls →
// GOTRUE_URI_ALLOW_LIST, [auth.email] max_frequency → GOTRUE_SMTP_MAX_FREQUENCY, [auth.rate_limit]
// sign_in_sign_ups → GOTRUE_RATE_LIMIT_OTP, token_refresh → GOTRUE_RATE_LIMIT_TOKEN_REFRESH,
// token_verifications → GOTRUE_RATE_LIMIT_VERIFY, email_sent → GOTRUE_RATE_LIMIT_EMAIL_SENT,
// jwt_expiry → GOTRUE_JWT_EXP, refresh_token_reuse_interval → GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL.
import {readFileSync} from 'node:fs'
import {resolve} from 'node:path'
import {parse} from 'smol-toml'

export const CONFIG_FILE = resolve(import.meta.dirname, '..', 'config.toml')

export type AuthConfig = {
  siteUrl: string
  /** Lifetime of an access token in seconds (GOTRUE_JWT_EXP). */
  jwtExpirySeconds: number
  /** GoTrue's URI allow list: globs an e-mailed link may return the browser to. */
  additionalRedirectUrls: string[]
  /** Off means GoTrue's autoconfirm: sign-up answers with a session and sends no mail. */
  enableConfirmations: boolean
  /** Minimum time between two e-mails of one kind to one user (GoTrue's SMTP max_frequency). */
  maxFrequencyMs: number
  /** How long a rotated refresh token may still be exchanged (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). */
  refreshTokenReuseIntervalMs: number
  rateLimit: {
    /** E-mails per hour, for the whole server. */
    emailSent: number
    /** Sign-ups (and recover, PUT /user) per 5 minutes per client address. */
    signInSignUps: number
    /** Password and refresh-token grants per 5 minutes per client address. */
    tokenRefresh: number
    /** Verify links per 5 minutes per client address. */
    tokenVerifications: number
  }
}

type Table = Record<string, unknown>

const table = (parent: Table, key: string): Table => {
  const value = parent[key]
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Table)
    : {}
}

function setting<T>(
  section: Table,
  key: string,
  kind: 'string' | 'number' | 'boolean',
  fallback: T,
): T {
  const value = section[key]
  if (value === undefined) return fallback
  if (typeof value !== kind)
    throw new Error(
      `supabase/config.toml: ${key} should be a ${kind}, not ${JSON.stringify(value)}`,
    )
  return value as T
}

const GO_DURATION_UNITS: Record<string, number> = {h: 3_600_000, m: 60_000, s: 1000, ms: 1}

/** A Go duration as GoTrue's settings take them ("60s", "1m30s", "500ms"), in milliseconds. */
export function parseGoDuration(text: string): number {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)]
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) {
    throw new Error(`supabase/config.toml: "${text}" is not a duration such as "60s" or "1m30s"`)
  }
  return parts.reduce(
    (total, [, amount, unit]) => total + Number(amount) * GO_DURATION_UNITS[unit!]!,
    0,
  )
}

/** Reads [auth], [auth.email] and [auth.rate_limit]; absent keys take GoTrue's own defaults. */
export function readAuthConfig(file = CONFIG_FILE): AuthConfig {
  const auth = table(parse(readFileSync(file, 'utf8')) as Table, 'auth')
  const email = table(auth, 'email')
  const rateLimit = table(auth, 'rate_limit')
  const redirects = auth.additional_redirect_urls ?? []
  if (!Array.isArray(redirects) || redirects.some((url) => typeof url !== 'string')) {
    throw new Error('supabase/config.toml: additional_redirect_urls should be a list of strings')
  }
  // GoTrue treats a max_frequency of 0 as unset: one minute (internal/conf/configuration.go).
  const maxFrequencyMs = parseGoDuration(setting(email, 'max_frequency', 'string', '1m')) || 60_000
  return {
    siteUrl: setting(auth, 'site_url', 'string', 'http://localhost:3000'),
    jwtExpirySeconds: setting(auth, 'jwt_expiry', 'number', 3600),
    additionalRedirectUrls: redirects as string[],
    enableConfirmations: setting(email, 'enable_confirmations', 'boolean', false),
    maxFrequencyMs,
    refreshTokenReuseIntervalMs: setting(auth, 'refresh_token_reuse_interval', 'number', 10) * 1000,
    rateLimit: {
      emailSent: setting(rateLimit, 'email_sent', 'number', 30),
      signInSignUps: setting(rateLimit, 'sign_in_sign_ups', 'number', 30),
      tokenRefresh: setting(rateLimit, 'token_refresh', 'number', 150),
      tokenVerifications: setting(rateLimit, 'token_verifications', 'number', 30),
    },
  }
}
