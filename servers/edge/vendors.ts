// The edges the site can sit behind, and the response header each reads a response's tags from (the origin sends
// the chosen edge's; every edge strips its own before the visitor, and the local edge strips them all):
// - Varnish: varnish-modules' vmod_xkey reads `xkey`, tags separated by spaces (vmod_xkey's man page).
// - Fastly: `Surrogate-Key`, separated by spaces (Fastly's docs, "Working with surrogate keys").
// - Cloudflare: `Cache-Tag`, separated by commas (Cloudflare's docs, "Purge cache by cache-tags").
// - Netlify: `Netlify-Cache-Tag`, separated by commas (Netlify's docs, "Caching: cache tags").
export const EDGE_VENDORS = ['varnish', 'fastly', 'cloudflare', 'netlify'] as const

export type EdgeVendor = (typeof EDGE_VENDORS)[number]

export const TAG_HEADERS: Record<EdgeVendor, {name: string; separator: string}> = {
  varnish: {name: 'xkey', separator: ' '},
  fastly: {name: 'Surrogate-Key', separator: ' '},
  cloudflare: {name: 'Cache-Tag', separator: ','},
  netlify: {name: 'Netlify-Cache-Tag', separator: ','},
}

export const isEdgeVendor = (value: string): value is EdgeVendor =>
  (EDGE_VENDORS as readonly string[]).includes(value)
