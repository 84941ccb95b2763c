// Where a visit came from, as every web-to-lead tool records it (HubSpot's first and last touch, Salesforce
// Web-to-Lead's lead source and campaign), read the way Google Analytics reads a landing: its UTM parameters
// (utm_source, utm_medium, utm_campaign, utm_term, utm_content), a click id (gclid, fbclid, msclkid), else the
// referring site, else nothing new (a page of our own, or a typed address: Analytics' "(direct)" when there is no
// earlier touch). Every value is cut to what the table takes (supabase/migrations, lead attribution): the
// database refuses anything else, so nothing a link carries can reach staff as anything but plain text.

export type Touch = {
  source: string
  medium: string | null
  campaign: string | null
  term: string | null
  content: string | null
  /** `gclid:…`, `fbclid:…` or `msclkid:…`. */
  click_id: string | null
  /** The path the visit landed on, without its query string. */
  landing_page: string
  /** The referring site's host name, when another site sent the visitor. */
  referrer_host: string | null
}

/** The table's bounds (migration 20261210000000_lead_attribution.sql), which these values are cut to fit. */
export const ATTRIBUTION_LIMITS = {
  value: 100,
  clickId: 200,
  path: 200,
  host: 253,
}

const CLICK_IDS = ['gclid', 'fbclid', 'msclkid'] as const

/** A campaign value as the table takes it: its own characters kept, any other (markup, quotes) a hyphen. */
export function campaignValue(raw: string | null): string | null {
  const value = (raw ?? '')
    .trim()
    .replace(/[^A-Za-z0-9 _.~+:/@%-]/g, '-')
    .slice(0, ATTRIBUTION_LIMITS.value)
    .trim()
  return value === '' ? null : value
}

/** A path as the table takes it: letters, digits and `/_.~-` only, nothing after them. */
export function pagePath(raw: string): string {
  const path = raw.replace(/[^A-Za-z0-9/_.~-].*$/, '').slice(0, ATTRIBUTION_LIMITS.path)
  return path.startsWith('/') ? path : '/'
}

/** The referring site's host, lowercase; none for our own pages or an address that is not http(s). */
function referrerHost(referrer: string, ownHost: string): string | null {
  if (!URL.canParse(referrer)) return null
  const {hostname, protocol} = new URL(referrer)
  if (protocol !== 'http:' && protocol !== 'https:') return null
  const host = hostname.toLowerCase()
  if (host === ownHost.toLowerCase() || !/^[a-z0-9.-]{1,253}$/.test(host)) return null
  return host
}

function clickId(search: URLSearchParams): string | null {
  for (const name of CLICK_IDS) {
    const value = (search.get(name) ?? '').replace(/[^A-Za-z0-9_-]/g, '')
    if (value) return `${name}:${value.slice(0, ATTRIBUTION_LIMITS.clickId - name.length - 1)}`
  }
  return null
}

/**
 * What a page load says of where the visit came from, or null when it says nothing new (a page of ours, or a
 * typed address).
 */
export function touchOf(location: URL, referrer: string): Touch | null {
  const search = location.searchParams
  const referredBy = referrerHost(referrer, location.hostname)
  const tagged = {
    source: campaignValue(search.get('utm_source')),
    medium: campaignValue(search.get('utm_medium')),
    campaign: campaignValue(search.get('utm_campaign')),
    term: campaignValue(search.get('utm_term')),
    content: campaignValue(search.get('utm_content')),
    click_id: clickId(search),
  }
  const landing_page = pagePath(location.pathname)
  if (tagged.source || tagged.campaign || tagged.click_id) {
    const source =
      tagged.source ??
      (tagged.click_id ? tagged.click_id.split(':')[0]! : (referredBy ?? '(not set)'))
    return {...tagged, source, landing_page, referrer_host: referredBy}
  }
  if (referredBy)
    return {
      source: referredBy,
      medium: 'referral',
      campaign: null,
      term: null,
      content: null,
      click_id: null,
      landing_page,
      referrer_host: referredBy,
    }
  return null
}

/** A visit that says nothing of where it came from, as Analytics names it. */
export const directTouch = (location: URL): Touch => ({
  source: '(direct)',
  medium: '(none)',
  campaign: null,
  term: null,
  content: null,
  click_id: null,
  landing_page: pagePath(location.pathname),
  referrer_host: null,
})
