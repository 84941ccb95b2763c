// Images that ship with the site (web/public) get at build time what Sanity's pipeline gives an uploaded one: their
// dimensions, a placeholder colour and an lqip (20 px wide, as Sanity's, https://www.sanity.io/docs/image-metadata),
// and variants in modern formats at the widths the poster's `srcset` names, never wider than the file (no
// upscaling). The variants are written once per build into the build's assets/ (writeSiteImageVariants, from
// prerender.ts), named by a hash of the file's bytes so the site server caches them for good; a page names them by
// the same rule (siteImage), so a kept build and its later renders agree.
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {dirname, extname, join, relative, resolve} from 'node:path'
import sharp from 'sharp'
import {fileVersion, keptResults} from './keptResults.server.ts'

export type SiteImageVariant = {width: number; type: 'image/avif' | 'image/webp'; url: string}
export type SiteImage = {
  width: number
  height: number
  /** The dominant colour, `#rrggbb`. */
  background: string
  /** A 20 px wide JPEG as a data URI, as Sanity's `metadata.lqip`. */
  lqip: string
  variants: SiteImageVariant[]
}

/** The widths a poster's `srcset` offers (posterImage.server.ts); a file narrower than one is not enlarged to it. */
export const SITE_IMAGE_WIDTHS = [640, 960, 1280]
/** Sanity's image CDN's default quality (https://www.sanity.io/docs/image-urls#q). */
const QUALITY = 75
const FORMATS = [
  {type: 'image/avif', extension: 'avif'},
  {type: 'image/webp', extension: 'webp'},
] as const
const IMAGE_FILE = /\.(?:webp|jpe?g|png|avif)$/i
const VARIANTS_PATH = 'assets/images'

/** The build and its renders run in web/ (prerender.ts), as React Router's build does. */
export const defaultPublicDir = () => resolve(process.cwd(), 'public')

/** The site's image at `url` (a path it serves from `publicDir`), or undefined when it serves no such image. */
export async function siteImage(url: string, publicDir = defaultPublicDir()) {
  const file = siteImageFile(url, publicDir)
  if (!file) return undefined
  return keptSiteImage(`${publicDir} ${fileVersion(file, statSync(file))}`, () =>
    describeSiteImage(file, publicDir),
  )
}

/**
 * What a page needs of each site image, kept by the file's version: reading one decodes it whole (its colour) and
 * encodes its lqip, and the indicators page shows several at every render.
 */
const keptSiteImage = keptResults<SiteImage>(64)

async function describeSiteImage(file: string, publicDir: string): Promise<SiteImage> {
  const bytes = readFileSync(file)
  const {width = 0, height = 0} = await sharp(bytes).autoOrient().metadata()
  const {dominant} = await sharp(bytes).stats()
  const lqip = await sharp(bytes).resize(20).jpeg({quality: 40}).toBuffer()
  return {
    width,
    height,
    background: `#${[dominant.r, dominant.g, dominant.b].map((value) => value.toString(16).padStart(2, '0')).join('')}`,
    lqip: `data:image/jpeg;base64,${lqip.toString('base64')}`,
    variants: variantsOf(relative(publicDir, file), bytes, width).map(({variant}) => variant),
  } satisfies SiteImage
}

/** Writes the variants of every image in `publicDir` into `clientDir`'s assets/images; returns how many. */
export async function writeSiteImageVariants(publicDir: string, clientDir: string) {
  let written = 0
  for (const entry of readdirSync(publicDir, {recursive: true, encoding: 'utf8'})) {
    if (!IMAGE_FILE.test(entry)) continue
    const bytes = readFileSync(join(publicDir, entry))
    const {width = 0} = await sharp(bytes).autoOrient().metadata()
    for (const {variant, extension} of variantsOf(entry, bytes, width)) {
      const file = join(clientDir, variant.url)
      if (existsSync(file)) continue
      mkdirSync(dirname(file), {recursive: true})
      const resized = sharp(bytes).autoOrient().resize(variant.width)
      writeFileSync(
        file,
        await (
          extension === 'avif'
            ? resized.avif({quality: QUALITY, effort: 2})
            : resized.webp({quality: QUALITY})
        ).toBuffer(),
      )
      written += 1
    }
  }
  return written
}

/** The file under `publicDir` that `url` names, if it is an image there. */
export function siteImageFile(url: string | null, publicDir = defaultPublicDir()) {
  if (!url?.startsWith('/') || url.includes('..') || !IMAGE_FILE.test(url)) return undefined
  const file = join(publicDir, url)
  return existsSync(file) ? file : undefined
}

function variantsOf(path: string, bytes: Buffer, width: number) {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10)
  const name = path.slice(0, -extname(path).length).replaceAll('\\', '/')
  const widths = SITE_IMAGE_WIDTHS.filter((candidate) => candidate <= width)
  return (widths.length > 0 ? widths : [width]).flatMap((variantWidth) =>
    FORMATS.map(({type, extension}) => ({
      extension,
      variant: {
        width: variantWidth,
        type,
        url: `/${VARIANTS_PATH}/${name}-${hash}-${variantWidth}.${extension}`,
      } satisfies SiteImageVariant,
    })),
  )
}
