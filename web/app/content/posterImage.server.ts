// A demo's poster as the indicators page shows it. An uploaded poster is served through Sanity's image URLs, built
// by @sanity/image-url from the asset and the editor's crop and hotspot: cut to the 16:9 box, in the format the
// browser takes best (`auto=format`), at the widths a `srcset` offers, so a phone fetches what its screen shows.
// The same URLs work on Sanity's CDN and on the embedded lake: the address, project and dataset are read from the
// asset's own URL. A poster the site serves (web/public) gets the same from the build (siteImages.server.ts): its
// variants at the same widths (AVIF and WebP, for a <picture> to choose), its colour and lqip. Any other poster URL
// is used as it is.
import {createImageUrlBuilder} from '@sanity/image-url'
import type {INDICATORS_QUERY_RESULT} from '@quantedge/schemas/types'
import {clean} from './clean.ts'
import {inlineFileWithinBudget, inlineWithinBudget} from './inlineImage.server.ts'
import {siteImage, siteImageFile, type SiteImage, SITE_IMAGE_WIDTHS} from './siteImages.server.ts'

type Video = INDICATORS_QUERY_RESULT[number]['video']

export type ResponsiveImage = {
  src: string
  srcSet?: string
  sizes?: string
  /** `srcset`s by type, for a <picture> to offer before the <img>'s (a site image: no CDN chooses by `Accept`). */
  sources?: {type: string; srcSet: string}[]
}

export type PosterImage = ResponsiveImage & {
  /** Replaces `src` once the page has loaded, in the same box: the responsive image an inlined preview stands for. */
  later?: ResponsiveImage
  /** Painted behind the image until it arrives: the dominant colour, and for the first poster its lqip. */
  placeholder?: {background: string | null; lqip: string | null}
}

/** The box every poster fills (web/app/styles/app.css, `.demo-poster`). */
const POSTER_BOX = {width: 640, height: 360}
/**
 * The candidates start at 640 px. A browser's preload scanner picks one before the viewport meta applies, against
 * a 980 px layout, and the page picks again once laid out: the poster is about 250 px wide at 980 and 300 at a
 * phone's 390, so with these candidates both picks agree (at 1.75 to 3 device pixels a pixel) and a phone
 * fetches one variant. Smaller ones would make the two differ and cost a second download.
 */
const WIDTHS = SITE_IMAGE_WIDTHS
/** The card's width in each layout of the indicator grid (app.css: page padding, grid gap, card padding). */
const SIZES = [
  '(min-width: 1160px) 312px',
  '(min-width: 960px) calc((100vw - 5rem) / 3 - 3rem)',
  '(min-width: 640px) calc(50vw - 4.875rem)',
  'calc(100vw - 5.5rem)',
].join(', ')
/**
 * The inlined first poster's bytes at most. Lighthouse's mobile run is simulated (Lantern: 150 ms round trips,
 * 1.6 Mbps, and TCP's slow start from 10 segments of 1,460 bytes, lighthouse's TCPConnection.js, as Linux starts
 * by RFC 6928): a page in its first 14,600 bytes arrives one round trip after the request, every further window
 * costs another 150 ms, and an image on its own request costs at least a round trip and its bytes (on another host
 * a connection too). The LCP target (1.15 times the bare page's 622 ms) leaves less than one round trip, so the
 * first poster has to arrive inside the page's first window. /tradingview is 11.3 kB without it, headers included:
 * 9.4 kB of brotli HTML and 1.9 kB of headers, most of them its Content Security Policy (a hash for each of its
 * nine inline scripts, web/prerender/securityHeaders.ts). Brotli writes base64 in about 6 bits a character, so an
 * inlined image costs about its own size. 3 kB leaves the page about 300 bytes for editors' text, and holds a
 * photo as a 640x360 AVIF at a low quality (a very detailed one at quality 1 or 2): its shapes and colours, soft,
 * until the responsive image replaces it once the page has loaded.
 */
export const INLINE_POSTER_BYTES = 3_000
const ASSET_URL = /^(.+)\/images\/([^/]+)\/([^/]+)\/[^/]+$/

export async function posterImage(
  video: Video,
  {first}: {first: boolean},
): Promise<PosterImage | null> {
  const asset = video.poster?.asset
  if (!asset) {
    const url = clean(video.posterUrl)
    if (!url) return null
    const site = await siteImage(url)
    return site ? sitePoster(site, {first}) : {src: url}
  }
  const image = imageOf(video)
  if (!image) return {src: clean(asset.url)}
  const at = (width: number) => sized(image, width).auto('format').url()
  return {
    src: at(POSTER_BOX.width),
    srcSet: WIDTHS.map((width) => `${at(width)} ${width}w`).join(', '),
    sizes: SIZES,
    placeholder: {
      background: clean(asset.background),
      lqip: first ? clean(asset.lqip) : null,
    },
  }
}

/**
 * The first poster, the page's largest paint on a phone: an uploaded one (fetched from the image host) or one the
 * site ships (read from its file) is inlined as an AVIF of the box's full size (640x360) fitted to
 * INLINE_POSTER_BYTES, so it paints with the HTML, and is replaced by `posterImage`'s responsive image once the
 * page has loaded (DemoVideo). Full size matters: Chromium counts an upscaled image's
 * LCP size by its natural pixels, so a smaller preview would make the sharper image a new, later LCP candidate;
 * at the same size it is none (web/e2e/images.spec.ts reads the LCP entries). When it cannot be inlined (no
 * answer, no fit), the poster is `posterImage`'s.
 */
export async function firstPosterImage(video: Video): Promise<PosterImage | null> {
  const poster = await posterImage(video, {first: true})
  if (!poster?.srcSet) return poster
  const image = imageOf(video)
  const siteFile = siteImageFile(clean(video.posterUrl))
  const inline = image
    ? await inlineWithinBudget(
        sized(image, POSTER_BOX.width).format('png').url(),
        INLINE_POSTER_BYTES,
      )
    : siteFile && (await inlineFileWithinBudget(siteFile, POSTER_BOX, INLINE_POSTER_BYTES))
  if (!inline) return poster
  const {placeholder, ...responsive} = poster
  return {
    src: inline,
    later: responsive,
    placeholder: {background: placeholder?.background ?? null, lqip: null},
  }
}

/** A site image's poster: its variants as a <picture> offers them, its colour, and for the first its lqip. */
function sitePoster(image: SiteImage, {first}: {first: boolean}): PosterImage {
  const srcSetOf = (type: string) =>
    image.variants
      .filter((variant) => variant.type === type)
      .map(({url, width}) => `${url} ${width}w`)
      .join(', ')
  const fallback = image.variants.find((variant) => variant.type === 'image/webp')
  return {
    src: fallback?.url ?? '',
    srcSet: srcSetOf('image/webp'),
    sizes: SIZES,
    sources: [{type: 'image/avif', srcSet: srcSetOf('image/avif')}],
    placeholder: {background: image.background, lqip: first ? image.lqip : null},
  }
}

/** The poster's image URL builder on the asset's own address, crop and hotspot; none for a poster URL. */
function imageOf(video: Video) {
  const poster = video.poster
  const asset = poster?.asset
  const address = asset && ASSET_URL.exec(clean(asset.url))
  if (!poster || !asset || !address) return undefined
  const [, baseUrl = '', projectId = '', dataset = ''] = address
  return createImageUrlBuilder({baseUrl, projectId, dataset})
    .image({
      asset: {_id: asset._id},
      ...(poster.crop ? {crop: poster.crop} : {}),
      ...(poster.hotspot ? {hotspot: poster.hotspot} : {}),
    })
    .fit('crop')
}

/** Cut to the 16:9 box at `width`. */
const sized = (image: NonNullable<ReturnType<typeof imageOf>>, width: number) =>
  image.width(width).height(Math.round((width * POSTER_BOX.height) / POSTER_BOX.width))
