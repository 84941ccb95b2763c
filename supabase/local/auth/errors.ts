// GoTrue's error answers in the 2024-01-01 API shape, whose `code` auth-js reads as the error code
// (supabase/auth internal/api/apierrors, errorcode.go).
import {HttpError} from '@quantedge/server-kit/httpError'

export const API_VERSION_HEADERS = {'X-Supabase-Api-Version': '2024-01-01'}

export const authError = (
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) =>
  new HttpError(
    status,
    {code, message, ...extra},
    {...API_VERSION_HEADERS, 'x-sb-error-code': code},
  )

/** internal/api/middleware.go, performRateLimiting: the answer to an address over its request limit. */
export const overRequestRateLimit = () =>
  authError(429, 'over_request_rate_limit', 'Request rate limit reached')
