// A visitor's first and last touch, kept in the browser's own storage (no cookie, no third-party script, as
// Plausible's cookie-free attribution): the first is kept for good, the last replaced by each landing that says
// where it came from. Recorded once a page has loaded (root.tsx), read when the estimate form is sent. Storage a
// browser refuses (a private window's quota, a blocked site) loses the attribution, never the lead.
import {directTouch, pagePath, touchOf, type Touch} from './touch.ts'

const KEY = 'quantedge-attribution'

export type Visit = {first: Touch; last: Touch}

function read(): Visit | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Visit | null
    return stored &&
      typeof stored.first?.source === 'string' &&
      typeof stored.last?.source === 'string'
      ? stored
      : null
  } catch {
    return null
  }
}

/** Notes the page just loaded: the visit's first touch if it has none, its last if this landing says where from. */
export function recordLanding(
  location: URL = new URL(window.location.href),
  referrer = document.referrer,
) {
  const earlier = read()
  const touch = touchOf(location, referrer)
  if (earlier && !touch) return
  const visit: Visit = earlier
    ? {first: earlier.first, last: touch ?? earlier.last}
    : {first: touch ?? directTouch(location), last: touch ?? directTouch(location)}
  try {
    localStorage.setItem(KEY, JSON.stringify(visit))
  } catch {
    // No storage: the lead goes without where it came from.
  }
}

const prefixed = (prefix: 'first' | 'last', touch: Touch) =>
  Object.fromEntries(Object.entries(touch).map(([name, value]) => [`${prefix}_${name}`, value]))

/** The lead's attribution columns: the first and last touch, and the page the form is sent from. */
export function attributionRow(formPage: string = window.location.pathname) {
  const visit = read()
  return {
    ...(visit ? {...prefixed('first', visit.first), ...prefixed('last', visit.last)} : {}),
    form_page: pagePath(formPage),
  }
}
