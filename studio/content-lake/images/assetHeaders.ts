// How an asset is answered so that nothing uploaded can run script on the lake's origin. Sanity serves assets
// from its CDN's own host (cdn.sanity.io), never from the API's; the lake serves both from one origin (the Studio
// and @sanity/client call it there), so each asset answer makes its document inert instead:
// - `X-Content-Type-Options: nosniff` on every answer: a browser takes the type as sent, never HTML guessed from
//   the bytes.
// - `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox` on every answer but a PDF's:
//   an SVG (or any document) opened directly is drawn in an opaque origin with no script and no requests. An
//   `<img>`, as the Studio and the site show images, is not governed by its image's policy, so previews keep
//   working. A PDF is left to the browser's viewer, which a sandbox blocks; its scripts never run in the origin.
// - `Content-Disposition`: `inline` for what a browser shows as media (images, SVG included, video, audio, PDF),
//   `attachment` for any other file (HTML, XML, scripts: downloaded, never rendered), and `attachment` with the
//   file name asked for when the URL has `dl`, as Sanity's `dl` parameter does (https://www.sanity.io/docs/image-urls).

const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
const SHOWN = /^(?:image|video|audio)\/|^application\/pdf$/

/** The safety headers for an asset of `contentType` served as `name`; `download`: the URL's `dl`, if any. */
export function assetHeaders(
  contentType: string,
  name: string,
  download: string | null,
): Record<string, string> {
  const disposition =
    download !== null
      ? attachment(download === '' ? name : download)
      : SHOWN.test(contentType)
        ? 'inline'
        : 'attachment'
  return {
    'X-Content-Type-Options': 'nosniff',
    ...(contentType === 'application/pdf' ? {} : {'Content-Security-Policy': SANDBOX}),
    'Content-Disposition': disposition,
  }
}

/** `attachment` with a file name: plain ASCII for every browser, and the name as given in RFC 6266's `filename*`. */
function attachment(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
