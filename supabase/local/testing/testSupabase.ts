// A throwaway supabase/local for tests, in a temporary folder on free ports, and what tests read of it.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient} from '@supabase/supabase-js'
import {fetchFrom} from './boundFetch.ts'
import {DEMO_ANON_KEY} from '../keys.ts'
import {startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions} from '../server.ts'

export type TestSupabase = LocalSupabase & {dataDir: string; restart: () => Promise<TestSupabase>}

export async function startTestSupabase(
  options: LocalSupabaseOptions = {},
  dataDir = mkdtempSync(join(tmpdir(), 'supabase-local-')),
): Promise<TestSupabase> {
  // The auth settings of supabase/config.toml apply; test sites on free ports receive the e-mailed links
  // because GoTrue lets them return to any port of a loopback address.
  // Its functions mail its own dev mailbox, never the one of a stand-in on the default ports.
  const functionEnv = ({mailboxUrl}: {mailboxUrl: string}) => ({
    ...process.env,
    LEADS_MAIL_API: 'mailpit',
    LEADS_MAIL_API_URL: `${mailboxUrl}/api/v1/send`,
  })
  const supabase = await startLocalSupabase({
    port: 0,
    mailboxPort: 0,
    functionEnv,
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
  const {Text} = (await (await fetch(`${mailboxUrl}/api/v1/message/${message.ID}`)).json()) as {
    Text: string
  }
  const link = /https?:\/\/\S+/.exec(Text)?.[0]
  if (!link) throw new Error(`The e-mail to ${address} has no link`)
  return link
}

/** A supabase-js client as a visitor's browser has it, connecting from `fromAddress` when given. */
export const visitorClient = (url: string, fromAddress?: string) =>
  createClient(url, DEMO_ANON_KEY, {
    auth: {persistSession: false, autoRefreshToken: false},
    ...(fromAddress ? {global: {fetch: fetchFrom(fromAddress)}} : {}),
  })

/** The subjects of the e-mails sent to an address, newest first. */
export async function subjectsTo(mailboxUrl: string, address: string): Promise<string[]> {
  const {messages} = (await (await fetch(`${mailboxUrl}/api/v1/messages`)).json()) as {
    messages: {Subject: string; To: {Address: string}[]}[]
  }
  return messages
    .filter((message) => message.To[0]?.Address === address.toLowerCase())
    .map((message) => message.Subject)
}
