// A small image inlined as a data URI at build time. Used for the first poster of the indicators page: it is the
// page's largest paint on a phone, and inline it arrives with the HTML instead of a round trip later. The image
// (fetched from the image host, Sanity's CDN or the embedded lake, or read from the site's files) is encoded again
// to fit a byte budget; when it cannot be (no answer, no fit) the caller keeps its responsive image.
//
// Fitting costs a handful of AVIF encodes (a few hundred milliseconds), and a publish re-renders the page in a
// process that stays up: each fitted image is kept by what it was made from, so a publish that did not change the
// poster does not pay for it again. An image URL names its source for good (Sanity's asset ids are the file's hash;
// the crop and size are in the URL); a site file is named by its path, size and modification time.
import {statSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import sharp from 'sharp'
import {fitToBudget} from './imageBudget.server.ts'
import {fileVersion, keptResults} from './keptResults.server.ts'

/** Fitted images kept: a page inlines one, a site a few. */
const keptOrMade = keptResults<string>(32)

/**
 * The image at `url` (lossless, the size it is shown at) as a data URI of at most `budget` bytes, made by
 * `fitToBudget`; undefined when the host does not answer with an image or it cannot fit.
 */
export function inlineWithinBudget(url: string, budget: number): Promise<string | undefined> {
  return keptOrMade(`${budget} ${url}`, async () => {
    const response = await fetch(url).catch(() => undefined)
    if (!response?.ok || !response.headers.get('content-type')?.startsWith('image/'))
      return undefined
    return inlineBytesWithinBudget(new Uint8Array(await response.arrayBuffer()), budget)
  })
}

/** The site's image `file` cut to `box` (as CSS's object-fit: cover), as `inlineWithinBudget` makes it. */
export function inlineFileWithinBudget(
  file: string,
  box: {width: number; height: number},
  budget: number,
): Promise<string | undefined> {
  return keptOrMade(
    `${budget} ${box.width}x${box.height} ${fileVersion(file, statSync(file))}`,
    async () =>
      inlineBytesWithinBudget(
        await sharp(await readFile(file))
          .resize({...box, fit: 'cover'})
          .png()
          .toBuffer(),
        budget,
      ),
  )
}

/** `image` as a data URI of at most `budget` bytes, made by `fitToBudget`; undefined when it cannot fit. */
async function inlineBytesWithinBudget(image: Uint8Array, budget: number) {
  const fitted = await fitToBudget(image, budget).catch(() => undefined)
  return fitted && `data:${fitted.type};base64,${fitted.bytes.toString('base64')}`
}
