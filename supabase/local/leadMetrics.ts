// supabase/local's numbers for the leads outbox, read from the database at each scrape through the function the
// staff page reads too (private.lead_mail_health, supabase/migrations/20261215000000_lead_mail_health.sql): mails
// waiting and how long the oldest has, those the mail API refused for now, and those it refused for good or took.
// On hosted Supabase the same numbers come from public.lead_mail_health() (docs/operations.md).
import {Gauge, type Registry} from 'prom-client'
import type {LeadMailHealth} from '../migrations/leadMailHealth.ts'
import type {Database} from './database.ts'

export function leadMetrics(registry: Registry, db: Database) {
  // One query a scrape: the gauges are collected at once, and share the answer while it is read.
  let reading: Promise<LeadMailHealth> | undefined
  const read = () =>
    (reading ??= db
      .query<{health: LeadMailHealth}>('select private.lead_mail_health() as health')
      .then(({rows}) => rows[0]!.health)
      .finally(() => {
        reading = undefined
      }))
  const gauge = (name: string, help: string, value: (health: LeadMailHealth) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value(await read()))
      },
    })
  gauge(
    'quantedge_lead_outbox_pending',
    'Lead mails not yet sent nor failed: due, being sent, or waiting for their retry',
    (health) => health.pending,
  )
  gauge(
    'quantedge_lead_outbox_oldest_age_seconds',
    'How long the oldest lead mail not yet sent (nor failed) has waited; 0 when none waits',
    ({oldest_pending_at: oldest}) =>
      oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0,
  )
  gauge(
    'quantedge_lead_outbox_retrying',
    'Lead mails waiting that the mail API refused for now (an expired key, a quota); they are retried',
    (health) => health.retrying,
  )
  gauge(
    'quantedge_lead_mails_failed',
    'Lead mails the mail API refused for good (not retried; staff see the leads on their page)',
    (health) => health.failed_total,
  )
  gauge('quantedge_lead_mails_sent', 'Lead mails the mail API took', (health) => health.sent_total)
}
