// CORS as Supabase's gateway answers it: the site's pages (another origin) may call the API.
import type {IncomingMessage, ServerResponse} from 'node:http'

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-client-info',
  'x-supabase-api-version',
].join(', ')

export function allowCrossOrigin(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS)
  res.setHeader(
    'Access-Control-Expose-Headers',
    'x-supabase-api-version, x-sb-error-code, content-range, retry-after',
  )
  res.setHeader('Access-Control-Max-Age', '3600')
  res.setHeader('Vary', 'Origin')
}
