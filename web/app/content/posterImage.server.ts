// A demo's poster as the indicators page shows it. An uploaded poster is served through Sanity's image URLs, built
// by @sanity/image-url from the asset and the editor's crop and hotspot: cut to the 16:9 box, in the format the
// browser takes best (`auto=format`), at the widths a `srcset` offers, so a phone fetches what its screen shows.
// The same URLs work on Sanity's CDN and on the embedded lake: the address, project and dataset are read from the
// asset's own URL. A poster given as a URL is used as it is (the first inlined when the site serves it small).
import {createImageUrlBuilder} from '@sanity/image-url'
import type {INDICATORS_QUERY_RESULT} from '@quantedge/schemas/types'
import {clean} from './clean.ts'
import {inlineSiteImage} from './inlineImage.server.ts'

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
const ASSET_URL = /^(.+)\/images\/([^/]+)\/([^/]+)\/[^/]+$/

export function posterImage(video: Video, {first}: {first: boolean}): PosterImage | null {
  const poster = video.poster
  const asset = poster?.asset
  if (!asset) {
    const url = clean(video.posterUrl)
    return url ? {src: (first ? inlineSiteImage(url) : null) ?? url} : null
  }
  const address = ASSET_URL.exec(clean(asset.url))
  if (!address) return {src: clean(asset.url)}
  const [, baseUrl = '', projectId = '', dataset = ''] = address
  const image = createImageUrlBuilder({baseUrl, projectId, dataset})
    .image({
      asset: {_id: asset._id},
      ...(poster.crop ? {crop: poster.crop} : {}),
      ...(poster.hotspot ? {hotspot: poster.hotspot} : {}),
    })
    .fit('crop')
    .auto('format')
  const at = (width: number) =>
    image
      .width(width)
      .height(Math.round((width * POSTER_BOX.height) / POSTER_BOX.width))
      .url()
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
