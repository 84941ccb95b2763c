// A throwaway embedded Content Lake on a free port, for tests: its own data folder, removed on close.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient, type ClientPerspective, type SanityClient} from '@sanity/client'
import {localCertificate} from '../http/certificates.ts'
import type {Clock} from '../releases/clock.ts'
import {startContentLake, type ContentLake} from '../server.ts'
import type {WebhookConfig} from '../events/webhooks.ts'

export const TEST_LAKE_TOKEN = 'test-lake-token'

export type TestLake = ContentLake & {
  dataDir: string
  /** The local authority that signed the HTTP/2 certificate, for a lake started `secure`. */
  authorityPath: string | undefined
  restart: () => Promise<TestLake>
}

export type TestLakeOptions = {
  /** Also answer HTTP/2 over TLS (as the Studio needs) with a throwaway certificate. */
  secure?: boolean
  /** Stream ports to answer on too (0: a free one). A restart keeps the ports it had. */
  streamPorts?: readonly number[]
  /** Browser origins allowed to call the lake (a test's Studio). */
  corsOrigins?: readonly string[]
  queryBudgetMs?: number
  /** How many bytes of transformed images the lake keeps. */
  variantBytes?: number
  /** The port to answer on; a free one when unset. A restart keeps the port it had. */
  port?: number
  /** The time releases are scheduled by (testClock.ts); the system's when unset. */
  clock?: Clock
}

export async function startTestLake(
  dataDir = mkdtempSync(join(tmpdir(), 'content-lake-')),
  webhooks: WebhookConfig[] = [],
  options: TestLakeOptions = {},
): Promise<TestLake> {
  const {secure = false, corsOrigins = [], queryBudgetMs, variantBytes, port = 0, clock} = options
  const certificate = secure ? await localCertificate(join(dataDir, 'certificates')) : undefined
  const tls = certificate
    ? {key: certificate.key, cert: certificate.cert, securePort: 0}
    : undefined
  const lake = await startContentLake({
    dataDir,
    token: TEST_LAKE_TOKEN,
    port,
    webhooks,
    corsOrigins,
    streamPorts: options.streamPorts ?? [],
    ...(queryBudgetMs === undefined ? {} : {queryBudgetMs}),
    ...(variantBytes === undefined ? {} : {variantBytes}),
    ...(tls ? {tls} : {}),
    ...(clock ? {clock} : {}),
  })
  return {
    ...lake,
    dataDir,
    authorityPath: certificate?.authorityPath,
    restart: async () => {
      await lake.close()
      const streamPorts = lake.streamUrls.map((url) => Number(new URL(url).port))
      return startTestLake(dataDir, webhooks, {...options, port: lake.port, streamPorts})
    },
    close: async () => {
      await lake.close()
      rmSync(dataDir, {recursive: true, force: true})
    },
  }
}

/** The real @sanity/client pointed at a lake: with the lake's token unless told otherwise. */
export function testLakeClient(
  url: string,
  {
    token = TEST_LAKE_TOKEN,
    perspective = 'raw',
  }: {token?: string; perspective?: ClientPerspective} = {},
): SanityClient {
  return createClient({
    projectId: 'test',
    dataset: 'production',
    apiVersion: '2025-02-19',
    apiHost: url,
    useProjectHostname: false,
    useCdn: false,
    perspective,
    ...(token ? {token} : {}),
  })
}
