// Renders outputs into a release with a full build's post-steps on each one as soon as it is written: its HTML's
// hydration deferred (deferHydration.ts) and what it says for its policy read (securityHeaders.ts), then its
// compressed forms, taken from the release before when it came
// out unchanged (links), else compressed on libuv's pool (a landing page's quickly), while the next output renders.
// Used by the render process's main thread and by its helper thread alike (renderHelper.ts).
import {join} from 'node:path'
import {deferHydrationOfFile} from './deferHydration.ts'
import {precompressFile, reusePrecompressed} from './precompress.ts'
import {pageSays, type WrittenPage} from './securityHeaders.ts'
import {renderOutputs, type Bundle} from './renderOutputs.ts'

/**
 * Renders `paths` into `buildDir`'s client folder and finishes each; resolves to what each read and what each page
 * says (for the headers: securityHeaders.ts's knowPages), with `compressed`, which settles once every compression
 * has (its rejection is the first failure).
 */
export async function renderAndFinish(
  bundle: Bundle,
  buildDir: string,
  paths: readonly string[],
  landing: ReadonlyMap<string, string>,
  /** The release this one starts from (precompress.ts's reusePrecompressed). */
  before: string,
) {
  const clientDir = join(buildDir, 'client')
  const compressions: Promise<boolean>[] = []
  const pages: WrittenPage[] = []
  const reads = await renderOutputs(
    bundle,
    clientDir,
    paths,
    (written, landingPage) => {
      for (const file of written) {
        if (file.endsWith('.html')) {
          const page = join(clientDir, file)
          pages.push(pageSays(deferHydrationOfFile(page), page))
        }
        if (reusePrecompressed(join(clientDir, file), join(before, 'client', file))) continue
        const compressing = precompressFile(join(clientDir, file), {
          effort: landingPage ? 'quick' : 'full',
        })
        // Its failure is taken by `compressed`; until then it must not count as unhandled.
        compressing.catch(() => undefined)
        compressions.push(compressing)
      }
    },
    landing,
  ).catch(async (error: unknown) => {
    // A page that fails fails the release, once what was being compressed has ended.
    await Promise.allSettled(compressions)
    throw error
  })
  return {reads, pages, compressed: Promise.all(compressions).then(() => undefined)}
}
