// Where an e-mailed link may send the browser, decided as GoTrue decides it (supabase/auth
// internal/utilities/request.go, IsRedirectURLValid and GetReferrer): the address is parsed, not compared
// as a string, so `http://localhost:3000@evil.example/` is a link to evil.example and falls back to the site.
import {isIP} from 'node:net'

const DECIMAL_ADDRESS = /^[0-9]+$/
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/
// internal/utilities/url_validator.go, isLocalhost
const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'])

export type RedirectRules = {siteUrl: string; allowList: RegExp[]}

/** GoTrue compiles each allow-list entry with gobwas/glob and the separators '.' and '/'. */
export function globPattern(glob: string): RegExp {
  let source = ''
  let inAlternatives = false
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index]!
    if (char === '\\' && index + 1 < glob.length) {
      index += 1
      source += escape(glob[index]!)
    } else if (char === '*' && glob[index + 1] === '*') {
      index += 1
      source += '.*'
    } else if (char === '*') source += '[^./]*'
    else if (char === '?') source += '[^./]'
    else if (char === '{' && !inAlternatives) {
      inAlternatives = true
      source += '(?:'
    } else if (char === '}' && inAlternatives) {
      inAlternatives = false
      source += ')'
    } else if (char === ',' && inAlternatives) source += '|'
    else if (char === '[') {
      const end = glob.indexOf(']', index + 2)
      if (end === -1) source += escape(char)
      else {
        const body = glob.slice(index + 1, end)
        source += body.startsWith('!') ? `[^${classBody(body.slice(1))}]` : `[${classBody(body)}]`
        index = end
      }
    } else source += escape(char)
  }
  return new RegExp(`^${source}$`, 's')
}

const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
const classBody = (body: string) => body.replace(/[\\\]^]/g, '\\$&')

const hostnameOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

function isLoopbackAddress(address: string) {
  if (isIP(address) === 4) return address.startsWith('127.')
  return address === '::1' || /^::ffff:127\./i.test(address)
}

export function isAllowedRedirect(requested: string, rules: RedirectRules): boolean {
  let target: URL
  let site: URL
  try {
    target = new URL(requested)
    site = new URL(rules.siteUrl)
  } catch {
    return false
  }
  const host = hostnameOf(target)
  // Back to the site: scheme, host and port match; any port on a loopback host (RFC 8252 7.3).
  if (
    host === hostnameOf(site) &&
    target.protocol === site.protocol &&
    (target.port === site.port || LOCALHOST_NAMES.has(host) || host.endsWith('.localhost'))
  ) {
    return true
  }
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:'
  if (DECIMAL_ADDRESS.test(host)) return false
  if (isIP(host)) return isLoopbackAddress(host)
  if (isHttp && !REGULAR_HOSTNAME.test(host)) return false
  const withoutFragment = requested.split('#')[0]!
  return rules.allowList.some((pattern) => pattern.test(withoutFragment))
}

/** The requested address when it is allowed, else the site URL, as GoTrue's GetReferrer answers. */
export const redirectTarget = (requested: string | null, rules: RedirectRules) =>
  requested && isAllowedRedirect(requested, rules) ? requested : rules.siteUrl
