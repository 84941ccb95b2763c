// The outbox's functions (supabase/migrations/20261203000100_lead_notifications.sql, whose header is the
// contract, with 20261211000100_lead_notification_failures.sql's change to record_lead_notification_failed), called through PostgREST's rpc with the service-role key: only that role may execute them.
import {createClient} from '@supabase/supabase-js'
import type {Lead} from './leadMail.ts'

export type ClaimedLead = Lead & {claim_id: string; attempt: number}

export type Outbox = {
  claim: (batch: number, leaseSeconds: number) => Promise<ClaimedLead[]>
  recordSent: (leadId: string, providerMessageId: string) => Promise<void>
  /** `permanent`: the mail API refused the mail for good, so the lead is not retried. */
  recordFailed: (
    leadId: string,
    claimId: string,
    error: string,
    permanent: boolean,
  ) => Promise<void>
}

export function outbox(supabaseUrl: string, serviceRoleKey: string): Outbox {
  const client = createClient(supabaseUrl, serviceRoleKey, {
    auth: {persistSession: false, autoRefreshToken: false},
  })
  const call = async (fn: string, args: Record<string, unknown>) => {
    const {data, error} = await client.rpc(fn, args)
    if (error) throw new Error(`${fn} failed: ${error.code ?? ''} ${error.message}`)
    return data as unknown
  }
  return {
    claim: async (batch, leaseSeconds) =>
      (await call('claim_lead_notifications', {
        batch,
        lease_seconds: leaseSeconds,
      })) as ClaimedLead[],
    recordSent: async (leadId, providerMessageId) => {
      await call('record_lead_notification_sent', {
        lead_id: leadId,
        provider_message_id: providerMessageId,
      })
    },
    recordFailed: async (leadId, claimId, error, permanent) => {
      await call('record_lead_notification_failed', {
        lead_id: leadId,
        claim_id: claimId,
        error,
        permanent,
      })
    },
  }
}
