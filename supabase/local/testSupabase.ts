// A throwaway supabase/local for tests: in-memory or in a temporary folder, on free ports.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions} from './server.ts'

export type TestSupabase = LocalSupabase & {dataDir: string; restart: () => Promise<TestSupabase>}

export async function startTestSupabase(
  options: LocalSupabaseOptions = {},
  dataDir = mkdtempSync(join(tmpdir(), 'supabase-local-')),
): Promise<TestSupabase> {
  const supabase = await startLocalSupabase({
    port: 0,
    mailboxPort: 0,
    emailIntervalSeconds: 0,
    // Test sites listen on free ports: any local address may receive the e-mailed links.
    redirectUrls: ['http://localhost:', 'http://127.0.0.1:'],
    ...options,
    dataDir,
  })
  return {
    ...supabase,
    dataDir,
    restart: async () => {
      await supabase.close()
      return startTestSupabase(options, dataDir)
    },
    close: async () => {
      await supabase.close()
      rmSync(dataDir, {recursive: true, force: true})
    },
  }
}

/** The newest e-mail's link for an address, read from the mailbox's JSON API as a test would. */
export async function latestLink(mailboxUrl: string, address: string): Promise<string> {
  const {messages} = (await (await fetch(`${mailboxUrl}/api/v1/messages`)).json()) as {
    messages: {ID: string; To: {Address: string}[]}[]
  }
  const message = messages.find((candidate) => candidate.To[0]?.Address === address.toLowerCase())
  if (!message) throw new Error(`No e-mail to ${address}`)
  const {Text} = (await (await fetch(`${mailboxUrl}/api/v1/message/${message.ID}`)).json()) as {Text: string}
  const link = /https?:\/\/\S+/.exec(Text)?.[0]
  if (!link) throw new Error(`The e-mail to ${address} has no link`)
  return link
}
