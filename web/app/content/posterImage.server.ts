// A demo's poster as the indicators page shows it. An uploaded poster is served through Sanity's image URLs, built
// by @sanity/image-url from the asset and the editor's crop and hotspot: cut to the 16:9 box, in the format the
// browser takes best (`auto=format`), at the widths a `srcset` offers, so a phone fetches what its screen shows.
// The same URLs work on Sanity's CDN and on the embedded lake: the address, project and dataset are read from the
// asset's own URL. A poster given as a URL is used as it is (the first inlined when the site serves it small).
import {createImageUrlBuilder} from '@sanity/image-url'
import type {INDICATORS_QUERY_RESULT} from '@quantedge/schemas/types'
import {clean} from './clean.ts'
import {inlineRemoteImage, inlineSiteImage} from './inlineImage.server.ts'

type Video = INDICATORS_QUERY_RESULT[number]['video']

export type PosterImage = {
  src: string
  srcSet?: string
  sizes?: string
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
const WIDTHS = [640, 960, 1280]
/** The card's width in each layout of the indicator grid (app.css: page padding, grid gap, card padding). */
const SIZES = [
  '(min-width: 1160px) 312px',
  '(min-width: 960px) calc((100vw - 5rem) / 3 - 3rem)',
  '(min-width: 640px) calc(50vw - 4.875rem)',
  'calc(100vw - 5.5rem)',
].join(', ')
/** The inlined first poster's WebP quality: a little below the CDN's 75, for a smaller page. */
const INLINE_QUALITY = 60
const ASSET_URL = /^(.+)\/images\/([^/]+)\/([^/]+)\/[^/]+$/

export function posterImage(video: Video, {first}: {first: boolean}): PosterImage | null {
  const asset = video.poster?.asset
  if (!asset) {
    const url = clean(video.posterUrl)
    return url ? {src: (first ? inlineSiteImage(url) : null) ?? url} : null
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
 * The first poster, the page's largest paint on a phone: an uploaded one small enough as a WebP of the box's size
 * is inlined as a data URI, so it arrives with the HTML instead of a connection to the image host later (as a small
 * poster the site serves is); otherwise it is `posterImage`'s.
 */
export async function firstPosterImage(video: Video): Promise<PosterImage | null> {
  const poster = posterImage(video, {first: true})
  const image = imageOf(video)
  if (!poster || !image) return poster
  const inline = await inlineRemoteImage(
    sized(image, POSTER_BOX.width).format('webp').quality(INLINE_QUALITY).url(),
  )
  if (!inline) return poster
  return {
    src: inline,
    placeholder: {background: poster.placeholder?.background ?? null, lqip: null},
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
