// Documents with fixed ids: one per route or purpose. Editors change them; they never create or delete them.
// Ids have no dot: a dotted id is private on Sanity's public datasets and the public build could not read it.

/** The routes whose copy lives in a sitePage document, each with the id `sitePage-<route>`. */
export const sitePageRoutes = [
  {title: 'TradingView indicators', value: 'tradingview'},
  {title: 'Python toolkit', value: 'python'},
  {title: 'Tradetron services', value: 'tradetron'},
  {title: 'Plans', value: 'subscribe'},
  {title: 'Contact', value: 'contactus'},
  {title: 'About', value: 'teampage'},
  {title: 'Quant Metrics', value: 'quantmetrics'},
] as const

export type SitePageRoute = (typeof sitePageRoutes)[number]['value']

export const sitePageId = (route: SitePageRoute) => `sitePage-${route}`

/** The legal texts, each at /<slug>. */
export const legalPageIds = [
  {title: 'Privacy Policy', id: 'legalPage-privacy', slug: 'privacy'},
  {title: 'Terms & Conditions', id: 'legalPage-terms', slug: 'terms'},
  {title: 'Disclaimer', id: 'legalPage-disclaimer', slug: 'disclaimer'},
] as const

/** Types whose documents all have fixed ids: siteSettings and homePage are singletons whose id is the type name. */
export const fixedDocumentTypes: ReadonlySet<string> = new Set([
  'siteSettings',
  'homePage',
  'sitePage',
  'legalPage',
])
