// Lets a command use the configured Content Lake whether or not one is running: when the configuration
// names this machine's embedded lake and nothing answers there, the lake runs in-process for the command.
import {readLakeEnv, type ContentEnv, type LakeEnv} from '@quantedge/web/content/env'
import {startContentLake} from './server.ts'

export const embeddedLakeUrl = (lake: LakeEnv = readLakeEnv()) => `http://${lake.host}:${lake.port}`

export async function isAnswering(url: string) {
  try {
    return (await fetch(`${url}/v1/ping`, {signal: AbortSignal.timeout(2000)})).ok
  } catch {
    return false
  }
}

export async function withContentLake<T>(content: ContentEnv, run: () => Promise<T>, lake = readLakeEnv()): Promise<T> {
  const needsEmbedded = content.apiHost === embeddedLakeUrl(lake) && !(await isAnswering(content.apiHost))
  if (!needsEmbedded) return run()
  const started = await startContentLake(lake)
  try {
    return await run()
  } finally {
    await started.close()
  }
}
