// A throwaway embedded Content Lake on a free port, for tests: its own data folder, removed on close.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient, type ClientPerspective, type SanityClient} from '@sanity/client'
import {localCertificate} from './certificates.ts'
import {startContentLake, type ContentLake} from './server.ts'
import type {WebhookConfig} from './webhooks.ts'

export const TEST_LAKE_TOKEN = 'test-lake-token'

export type TestLake = ContentLake & {
  dataDir: string
  /** The local authority that signed the HTTP/2 certificate, for a lake started `secure`. */
  authorityPath: string | undefined
  restart: () => Promise<TestLake>
}

/** With `secure`, the lake also answers HTTP/2 over TLS (as the Studio needs) with a throwaway certificate. */
export async function startTestLake(
  dataDir = mkdtempSync(join(tmpdir(), 'content-lake-')),
  webhooks: WebhookConfig[] = [],
  {secure = false}: {secure?: boolean} = {},
): Promise<TestLake> {
  const certificate = secure ? await localCertificate(join(dataDir, 'certificates')) : undefined
  const tls = certificate ? {key: certificate.key, cert: certificate.cert, securePort: 0} : undefined
  const lake = await startContentLake({dataDir, token: TEST_LAKE_TOKEN, port: 0, webhooks, ...(tls ? {tls} : {})})
  return {
    ...lake,
    dataDir,
    authorityPath: certificate?.authorityPath,
    restart: async () => {
      await lake.close()
      return startTestLake(dataDir, webhooks, {secure})
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
  {token = TEST_LAKE_TOKEN, perspective = 'raw'}: {token?: string; perspective?: ClientPerspective} = {},
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
