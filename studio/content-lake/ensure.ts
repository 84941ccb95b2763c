// Lets a command use the configured Content Lake whether or not one is running: when the configuration
// names this machine's embedded lake and nothing answers there, the lake runs in-process for the command.
import {readLakeEnv, type ContentEnv, type LakeEnv} from '@quantedge/web/content/env'
import {startContentLake, type ContentLake} from './server.ts'

export const embeddedLakeUrl = (lake: LakeEnv = readLakeEnv()) => `http://${lake.host}:${lake.port}`

export async function isAnswering(url: string) {
  try {
    return (await fetch(`${url}/v1/ping`, {signal: AbortSignal.timeout(2000)})).ok
  } catch {
    return false
  }
}

/** Starts the embedded lake when the configuration points at it and it is not running; else nothing. */
export async function startEmbeddedLakeIfNeeded(
  content: ContentEnv,
  lake: LakeEnv = readLakeEnv(),
): Promise<ContentLake | undefined> {
  if (content.apiHost !== embeddedLakeUrl(lake) || (await isAnswering(content.apiHost))) return undefined
  return startContentLake(lake)
}

export async function withContentLake<T>(content: ContentEnv, run: () => Promise<T>): Promise<T> {
  const started = await startEmbeddedLakeIfNeeded(content)
  try {
    return await run()
  } finally {
    await started?.close()
  }
}
