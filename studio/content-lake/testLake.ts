// A throwaway embedded Content Lake on a free port, for tests: its own data folder, removed on close.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient, type ClientPerspective, type SanityClient} from '@sanity/client'
import {startContentLake, type ContentLake} from './server.ts'
import type {WebhookConfig} from './webhooks.ts'

export const TEST_LAKE_TOKEN = 'test-lake-token'

export type TestLake = ContentLake & {dataDir: string; restart: () => Promise<TestLake>}

export async function startTestLake(
  dataDir = mkdtempSync(join(tmpdir(), 'content-lake-')),
  webhooks: WebhookConfig[] = [],
): Promise<TestLake> {
  const lake = await startContentLake({dataDir, token: TEST_LAKE_TOKEN, port: 0, webhooks})
  return {
    ...lake,
    dataDir,
    restart: async () => {
      await lake.close()
      return startTestLake(dataDir, webhooks)
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
