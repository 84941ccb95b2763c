// The clock that drains the leads outbox here, where PGlite has no pg_cron or pg_net. On hosted Supabase the
// migration (20261203000100_lead_notifications.sql) schedules a pg_cron job every 10 seconds that POSTs {} to
// notify-staff with the publishable key, only when a notification is due; this does the same from the
// stand-in's process, calling the function in-process as /functions/v1/notify-staff would. Besides the
// interval it is kicked after each insert into free_estimate_requests, so a lead is mailed well within a second.
// Runs never overlap: kicks during a run make one more run after it. pg_cron goes on ticking while the stand-in is
// down: started again, the clock looks at once, and once more when the leases it finds end (a sender killed
// mid-drain holds its leads until then), so what was leased is mailed as soon as the lease allows.
import type {Database} from './database.ts'
import type {FunctionRunner} from './functions/runner.ts'
import {DEMO_ANON_KEY} from './keys.ts'
import {serverLog} from '@quantedge/server-kit/log'

/** Calls `tick` on the clock's rhythm until the returned cancel is called. */
export type Schedule = (tick: () => void) => () => void

/** pg_cron's '10 seconds' of the migration. */
export const OUTBOX_INTERVAL_MS = 10_000

export const every =
  (ms: number): Schedule =>
  (tick) => {
    const timer = setInterval(tick, ms)
    timer.unref()
    return () => clearInterval(timer)
  }

export type OutboxClock = {
  kick: () => void
  /** Once the project's URL is known: a run now, and one when the leases left from before the start end. */
  catchUp: () => Promise<void>
  /** Resolves once no run is under way (kicks during a run included). */
  settled: () => Promise<void>
  stop: () => Promise<void>
}

// As private.wake_notify_staff(): due when not sent, its time has come and no live lease holds it.
const DUE_SQL = `select exists (
  select 1 from public.lead_notifications n
  where n.sent_at is null and n.next_attempt_at <= now()
    and (n.claimed_until is null or n.claimed_until <= now())
) as due`

// When the last lease still held ends, in milliseconds from now; null when none is held.
const LEASES_END_SQL = `select ceil(extract(epoch from max(n.claimed_until) - now()) * 1000)::integer as ms
  from public.lead_notifications n
  where n.sent_at is null and n.claimed_until > now()`

/** Past the lease's end, so the run finds it over. */
const LEASE_END_MARGIN_MS = 50

export function startOutboxClock(
  db: Database,
  runner: FunctionRunner,
  projectUrl: () => string,
  schedule: Schedule = every(OUTBOX_INTERVAL_MS),
): OutboxClock {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  let leasesEnd: NodeJS.Timeout | undefined
  const wake = async () => {
    const {rows} = await db.query<{due: boolean}>(DUE_SQL)
    if (!rows[0]?.due) return
    const response = await runner.invoke(
      'notify-staff',
      // As the function sees pg_net's call to <project>/functions/v1/notify-staff (functions/gateway.ts).
      new Request(`${projectUrl()}/notify-staff`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', 'Authorization': `Bearer ${DEMO_ANON_KEY}`},
        body: '{}',
      }),
    )
    if (!response.ok)
      serverLog('supabase').error(
        `notify-staff answered ${response.status}: ${await response.text()}`,
      )
  }
  const kick = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    again = false
    running = wake()
      .catch((error: unknown) => serverLog('supabase').error({err: error}, 'notify-staff failed'))
      .finally(() => {
        running = undefined
        if (again) kick()
      })
  }
  runner.warm('notify-staff')
  const settled = async () => {
    while (running) await running
  }
  const cancel = schedule(kick)
  const catchUp = async () => {
    const ms = (await db.query<{ms: number | null}>(LEASES_END_SQL)).rows[0]?.ms
    kick()
    if (ms === null || ms === undefined || stopped) return
    leasesEnd = setTimeout(kick, ms + LEASE_END_MARGIN_MS)
    leasesEnd.unref()
  }
  return {
    kick,
    catchUp,
    settled,
    stop: async () => {
      cancel()
      clearTimeout(leasesEnd)
      stopped = true
      await settled()
    },
  }
}
