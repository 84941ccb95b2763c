// Lets a command use the configured Content Lake whether or not one is running: when the configuration
// names this machine's embedded lake and nothing answers there, the lake runs in-process for the command.
import {readLakeEnv, type ContentEnv, type LakeEnv} from '@quantedge/web/content/env'
import {localCertificate, trustInstructions} from './certificates.ts'
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
  return startEmbeddedLake(lake)
}

/** The embedded lake on its two ports; the first start creates the local certificate and says how to trust it. */
export async function startEmbeddedLake(lake: LakeEnv = readLakeEnv()): Promise<ContentLake> {
  const certificate = await localCertificate(lake.certificateDir)
  if (certificate.createdAuthority) console.log(trustInstructions(certificate.authorityPath))
  return startContentLake({...lake, tls: {key: certificate.key, cert: certificate.cert, securePort: lake.securePort}})
}

export async function withContentLake<T>(content: ContentEnv, run: () => Promise<T>): Promise<T> {
  const started = await startEmbeddedLakeIfNeeded(content)
  try {
    return await run()
  } finally {
    await started?.close()
  }
}
