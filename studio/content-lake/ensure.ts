// Lets a command use the configured Content Lake whether or not one is running: when the configuration
// names this machine's embedded lake and nothing answers there, the lake runs in-process for the command.
import {answers} from '@quantedge/server-kit/answers'
import {localCertificate, trustInstructions} from './http/certificates.ts'
import {startContentLake, type ContentLake} from './server.ts'
import {readLakeEnv, type LakeEnv} from './settings.ts'

const embeddedLakeUrl = (lake: LakeEnv = readLakeEnv()) => `http://${lake.host}:${lake.port}`

/** Whether a Content Lake answers at `url`. */
export const isAnswering = (url: string) => answers(`${url}/v1/ping`)

/** The configured Content Lake, as whoever reads content knows it. */
type ConfiguredLake = {apiHost: string}

/** Whether the configured Content Lake is the embedded one and nothing answers there yet. */
export const embeddedLakeIsNeeded = async (
  {apiHost}: ConfiguredLake,
  lake: LakeEnv = readLakeEnv(),
) => apiHost === embeddedLakeUrl(lake) && !(await isAnswering(apiHost))

/** Starts the embedded lake when the configured Content Lake is its address and nothing answers there. */
export async function startEmbeddedLakeIfNeeded(
  configured: ConfiguredLake,
  lake: LakeEnv = readLakeEnv(),
): Promise<ContentLake | undefined> {
  return (await embeddedLakeIsNeeded(configured, lake)) ? startEmbeddedLake(lake) : undefined
}

/** The embedded lake on its ports (plain, HTTP/2 over TLS, the stream ports); the first start creates the local certificate and says how to trust it. */
export async function startEmbeddedLake(lake: LakeEnv = readLakeEnv()): Promise<ContentLake> {
  const certificate = await localCertificate(lake.certificateDir)
  if (certificate.createdAuthority) console.log(trustInstructions(certificate.authorityPath))
  return startContentLake({
    ...lake,
    tls: {key: certificate.key, cert: certificate.cert, securePort: lake.securePort},
  })
}

/**
 * Runs `run` with the configured Content Lake answering, the embedded one started for it when needed (with the
 * settings `lake`).
 */
export async function withContentLake<T>(
  configured: ConfiguredLake,
  run: () => Promise<T>,
  lake: LakeEnv = readLakeEnv(),
): Promise<T> {
  const started = await startEmbeddedLakeIfNeeded(configured, lake)
  try {
    return await run()
  } finally {
    await started?.close()
  }
}
