// The public pages, in the order a visitor meets them: the sitemap lists exactly these.
export const PUBLIC_PATHS = [
  '/',
  '/tradingview',
  '/python',
  '/tradetron',
  '/subscribe',
  '/contactus',
  '/teampage',
  '/quantmetrics',
  '/privacy',
  '/terms',
  '/disclaimer',
] as const
