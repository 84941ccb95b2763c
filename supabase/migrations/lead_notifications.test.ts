// The staff-notification outbox on real Postgres (PGlite): filled in the insert's transaction, drained only by
// the service role through claim/record functions with leases and backoff, refusals for good ending the retries,
// and kept across a restart. Times are passed in (`as_of`), taken from the rows themselves, so nothing here
// depends on the machine's speed.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {asRequest, openDatabase, type Database, type RequestClaims} from '../local/database.ts'
import {
  aLead,
  anon,
  outsiders,
  service,
  STAFF_ID as STAFF,
  USER_ID as USER,
} from './testRequests.ts'

let db: Database

type Row = Record<string, unknown>
type Claimed = {lead_id: string; claim_id: string; attempt: number; email: string}
type Notification = {
  lead_id: string
  next_attempt_at: Date
  claim_id: string | null
  claimed_until: Date | null
  attempts: number
  last_error: string | null
  sent_at: Date | null
  failed_at: Date | null
  provider_message_id: string | null
}

const sqlstate = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: {code?: string}) => error.code ?? String(error),
  )

// Each request from its own client address, so the flood throttle (tested on its own) never refuses one here.
let address = 0
const as = <T extends Row>(
  claims: RequestClaims,
  sql: string,
  params: unknown[] = [],
  database = db,
) => {
  address += 1
  return asRequest(database, claims, (tx) => tx.query<T>(sql, params), {
    headers: {'x-real-ip': `10.1.${address >> 8}.${address & 255}`},
  })
}

const insertSql = `insert into public.free_estimate_requests (${Object.keys(aLead()).join(', ')})
  select ${Object.keys(aLead()).join(', ')} from json_populate_recordset(null::public.free_estimate_requests, $1::json)`

/** A lead sent by a visitor as the form sends it; answers its id. */
async function sendLead(email: string, database = db): Promise<string> {
  await as(anon, insertSql, [JSON.stringify([aLead(email)])], database)
  const {rows} = await database.query<{id: string}>(
    'select id from public.free_estimate_requests where email = $1',
    [email],
  )
  return rows[0]!.id
}

const notification = async (leadId: string, database = db) =>
  (
    await database.query<Notification>(
      'select * from public.lead_notifications where lead_id = $1',
      [leadId],
    )
  ).rows[0]

const claim = async (asOf: Date, batch = 10, leaseSeconds = 120, database = db) =>
  (
    await as<Claimed>(
      service,
      'select * from public.claim_lead_notifications($1, $2, $3)',
      [batch, leaseSeconds, asOf.toISOString()],
      database,
    )
  ).rows

const recordSent = async (leadId: string, providerId: string, asOf: Date, database = db) =>
  (
    await as<{sent: boolean}>(
      service,
      'select public.record_lead_notification_sent($1, $2, $3) as sent',
      [leadId, providerId, asOf.toISOString()],
      database,
    )
  ).rows[0]!.sent

const recordFailed = async (leadId: string, claimId: string, asOf: Date) =>
  (
    await as<{next: Date | null}>(
      service,
      'select public.record_lead_notification_failed($1, $2, $3, false, $4) as next',
      [leadId, claimId, 'provider answered 503', asOf.toISOString()],
    )
  ).rows[0]!.next

/** The mail API refused the mail for good; answers whether the next attempt is never ('infinity'). */
const recordRefused = async (leadId: string, claimId: string, asOf: Date, database = db) =>
  (
    await as<{never: boolean | null}>(
      service,
      `select public.record_lead_notification_failed($1, $2, $3, true, $4) = 'infinity' as never`,
      [leadId, claimId, 'The mail API answered 400: invalid Reply-To address', asOf.toISOString()],
      database,
    )
  ).rows[0]!.never

const seconds = (time: Date, n: number) => new Date(time.getTime() + n * 1000)

/** Clears the outbox of earlier tests' leads, so each test claims only its own. */
const sendAllPending = () =>
  db.query(
    "update public.lead_notifications set sent_at = now(), provider_message_id = 'earlier' where sent_at is null and failed_at is null",
  )

beforeAll(async () => {
  db = await openDatabase()
  await db.query(
    `insert into auth.users (id, email, encrypted_password)
     values ($1, 'seller@example.com', 'x'), ($2, 'buyer@example.com', 'x')`,
    [STAFF, USER],
  )
  await as(service, 'insert into public.staff (user_id) values ($1)', [STAFF])
})
afterAll(() => db.close())
beforeEach(sendAllPending)

describe('filling the outbox', () => {
  it('gives every lead one due notification, keyed by the lead', async () => {
    const id = await sendLead('outbox@example.com')
    const row = await notification(id)
    expect(row).toMatchObject({
      lead_id: id,
      attempts: 0,
      claim_id: null,
      claimed_until: null,
      sent_at: null,
      provider_message_id: null,
    })
    const created = await db.query<{created_at: Date}>(
      'select created_at from public.free_estimate_requests where id = $1',
      [id],
    )
    expect(row?.next_attempt_at).toEqual(created.rows[0]!.created_at)
  })

  it('writes it in the insert’s transaction: there before commit, gone with a rollback', async () => {
    let seenInside: unknown[] = []
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          'select set_config(\'request.jwt.claims\', \'{"role":"service_role"}\', true)',
        )
        await tx.exec('set local role service_role')
        await tx.query(insertSql, [JSON.stringify([aLead('rolled-back@example.com')])])
        seenInside = (
          await tx.query(
            `select n.lead_id from public.lead_notifications n
             join public.free_estimate_requests r on r.id = n.lead_id
             where r.email = 'rolled-back@example.com'`,
          )
        ).rows
        throw new Error('the request failed after the insert')
      }),
    ).rejects.toThrow('the request failed after the insert')
    expect(seenInside).toHaveLength(1)
    expect((await db.query('select * from public.lead_notifications')).rows).not.toContainEqual(
      expect.objectContaining({lead_id: (seenInside[0] as Row).lead_id}),
    )
    expect(
      (
        await db.query(
          "select * from public.free_estimate_requests where email = 'rolled-back@example.com'",
        )
      ).rows,
    ).toEqual([])
  })

  it('writes none for a refused lead', async () => {
    const before = (await db.query('select * from public.lead_notifications')).rows.length
    expect(await sqlstate(as(anon, insertSql, [JSON.stringify([aLead('no-at-sign')])]))).toBe(
      '23514',
    )
    expect((await db.query('select * from public.lead_notifications')).rows).toHaveLength(before)
  })

  it('goes when the service role deletes the lead', async () => {
    const id = await sendLead('deleted@example.com')
    await as(service, 'delete from public.free_estimate_requests where id = $1', [id])
    expect(await notification(id)).toBeUndefined()
  })
})

describe('who may reach the outbox', () => {
  let id: string
  let claimId: string
  beforeEach(async () => {
    id = await sendLead(`reach-${crypto.randomUUID()}@example.com`)
    const [claimed] = await claim(seconds(new Date(), 3600))
    claimId = claimed!.claim_id
  })

  it.each(outsiders)('refuses %s every read and change of the table', async (_who, claims) => {
    const refused = (sql: string, params: unknown[] = []) => sqlstate(as(claims, sql, params))
    expect(await refused('select * from public.lead_notifications')).toBe('42501')
    expect(await refused('insert into public.lead_notifications (lead_id) values ($1)', [id])).toBe(
      '42501',
    )
    for (const [column, value] of [
      ['lead_id', crypto.randomUUID()],
      ['created_at', '2020-01-01T00:00:00Z'],
      ['next_attempt_at', '2020-01-01T00:00:00Z'],
      ['claim_id', crypto.randomUUID()],
      ['claimed_until', '2020-01-01T00:00:00Z'],
      ['attempts', 0],
      ['last_error', 'x'],
      ['sent_at', '2020-01-01T00:00:00Z'],
      ['failed_at', '2020-01-01T00:00:00Z'],
      ['provider_message_id', 'forged'],
    ]) {
      expect(await refused(`update public.lead_notifications set ${column} = $1`, [value])).toBe(
        '42501',
      )
    }
    expect(await refused('delete from public.lead_notifications')).toBe('42501')
    expect(await notification(id)).toMatchObject({claim_id: claimId, sent_at: null})
  })

  it.each(outsiders)('refuses %s every outbox function', async (_who, claims) => {
    const refused = (sql: string, params: unknown[] = []) => sqlstate(as(claims, sql, params))
    expect(await refused('select * from public.claim_lead_notifications(10)')).toBe('42501')
    expect(
      await refused('select public.record_lead_notification_sent($1, $2)', [id, 'forged']),
    ).toBe('42501')
    expect(
      await refused('select public.record_lead_notification_failed($1, $2, $3)', [
        id,
        claimId,
        'forged',
      ]),
    ).toBe('42501')
    expect(await refused('select private.wake_notify_staff()')).toBe('42501')
    expect(await refused('select private.enqueue_lead_notification()')).toBe('42501')
    expect(await refused('select private.touch_estimate_request()')).toBe('42501')
    expect(await notification(id)).toMatchObject({claim_id: claimId, sent_at: null})
  })

  // Privileges follow the database role PostgREST sets, never a role written in the claims.
  it('refuses a signed-in user whose claims say service_role', async () => {
    const asUserClaimingService = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query("select set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({role: 'service_role', sub: STAFF}),
        ])
        await tx.exec('set local role authenticated')
        return tx.query(sql)
      })
    expect(await sqlstate(asUserClaimingService('select * from public.lead_notifications'))).toBe(
      '42501',
    )
    expect(
      await sqlstate(asUserClaimingService('select * from public.claim_lead_notifications(10)')),
    ).toBe('42501')
  })

  it('gives no made-up role anything', async () => {
    expect(
      await sqlstate(
        as({role: 'notifier' as RequestClaims['role']}, 'select * from public.lead_notifications'),
      ),
    ).not.toBe('accepted')
  })

  it('lets the service role read the outbox', async () => {
    const {rows} = await as<Notification>(
      service,
      'select * from public.lead_notifications where lead_id = $1',
      [id],
    )
    expect(rows).toHaveLength(1)
  })
})

describe('claiming', () => {
  it('hands out due notifications with the lead, each to one claim at a time', async () => {
    const ids = []
    for (let n = 0; n < 5; n += 1) ids.push(await sendLead(`claim-${n}@example.com`))
    const asOf = seconds((await notification(ids[4]!))!.next_attempt_at, 1)
    const [first, second] = await Promise.all([claim(asOf, 3), claim(asOf, 3)])
    expect(first).toHaveLength(3)
    expect(second).toHaveLength(2)
    const claimedIds = [...first!, ...second!].map((row) => row.lead_id)
    expect(new Set(claimedIds)).toEqual(new Set(ids))
    expect(first![0]).toMatchObject({attempt: 1, email: 'claim-0@example.com'})
    expect(first![0]).toMatchObject({name: 'Asha Rao', platforms: ['Python']})
    expect(await claim(seconds(asOf, 119))).toEqual([])
  })

  it('hands a notification out again when its sender’s lease ran out, and ignores that sender’s late failure', async () => {
    const id = await sendLead('crashed@example.com')
    const asOf = (await notification(id))!.next_attempt_at
    const [crashed] = await claim(asOf, 10, 60)
    expect(await claim(seconds(asOf, 59))).toEqual([])
    const [retried] = await claim(seconds(asOf, 60))
    expect(retried).toMatchObject({lead_id: id, attempt: 2})
    expect(retried!.claim_id).not.toBe(crashed!.claim_id)
    expect(await recordFailed(id, crashed!.claim_id, seconds(asOf, 61))).toBeNull()
    expect(await notification(id)).toMatchObject({claim_id: retried!.claim_id, last_error: null})
  })

  it('leases for 5 seconds when the sender names no lease, so a dead sender’s leads are due again within seconds', async () => {
    const id = await sendLead('short-lease@example.com')
    const asOf = (await notification(id))!.next_attempt_at
    await as(service, 'select * from public.claim_lead_notifications(10, as_of => $1)', [
      asOf.toISOString(),
    ])
    expect((await notification(id))!.claimed_until).toEqual(seconds(asOf, 5))
    expect(await claim(seconds(asOf, 4))).toEqual([])
    expect(await claim(seconds(asOf, 5))).toMatchObject([{lead_id: id, attempt: 2}])
  })

  it('does not hand out a notification before it is due', async () => {
    const id = await sendLead('not-yet@example.com')
    const due = (await notification(id))!.next_attempt_at
    expect(await claim(seconds(due, -1))).toEqual([])
    expect((await claim(due)).map((row) => row.lead_id)).toEqual([id])
  })

  it.each([
    ['a batch of 0', 0, 120],
    ['a batch of 101', 101, 120],
    ['a lease of 0 seconds', 10, 0],
    ['a lease over an hour', 10, 3601],
  ])('refuses %s', async (_case, batch, lease) => {
    expect(await sqlstate(claim(new Date(), batch, lease))).toBe('22023')
  })
})

describe('recording the result', () => {
  it('retries a failed send after 30 s, then twice as long each time, at most an hour apart', async () => {
    const id = await sendLead('flaky@example.com')
    let asOf = (await notification(id))!.next_attempt_at
    const waits: number[] = []
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const [claimed] = await claim(asOf)
      expect(claimed).toMatchObject({lead_id: id, attempt})
      const next = (await recordFailed(id, claimed!.claim_id, asOf))!
      waits.push((next.getTime() - asOf.getTime()) / 1000)
      expect(await claim(seconds(next, -1))).toEqual([])
      asOf = next
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
    expect(await notification(id)).toMatchObject({
      attempts: 9,
      last_error: 'provider answered 503',
      claim_id: null,
      sent_at: null,
    })
  })

  it('never hands out a sent notification again; the first provider id stays', async () => {
    const id = await sendLead('sent@example.com')
    const asOf = (await notification(id))!.next_attempt_at
    const [claimed] = await claim(asOf)
    expect(await recordSent(id, 're_first', asOf)).toBe(true)
    expect(await recordSent(id, 're_second', seconds(asOf, 1))).toBe(false)
    expect(await recordFailed(id, claimed!.claim_id, seconds(asOf, 2))).toBeNull()
    expect(await claim(seconds(asOf, 365 * 24 * 3600))).toEqual([])
    expect(await notification(id)).toMatchObject({
      provider_message_id: 're_first',
      sent_at: asOf,
      claim_id: null,
    })
  })

  it('takes a sent report from a sender whose lease ran out: the mail went', async () => {
    const id = await sendLead('late-report@example.com')
    const asOf = (await notification(id))!.next_attempt_at
    await claim(asOf, 10, 60)
    await claim(seconds(asOf, 60), 10, 60)
    expect(await recordSent(id, 're_late', seconds(asOf, 90))).toBe(true)
    expect(await claim(seconds(asOf, 3600))).toEqual([])
  })
})

describe('a refusal for good', () => {
  it('ends the retries: failed, with the reason, never handed out again', async () => {
    const id = await sendLead('refused@example.com')
    const asOf = (await notification(id))!.next_attempt_at
    const [claimed] = await claim(asOf)
    expect(await recordRefused(id, claimed!.claim_id, asOf)).toBe(true)
    expect(await claim(seconds(asOf, 365 * 24 * 3600))).toEqual([])
    expect(await notification(id)).toMatchObject({
      failed_at: asOf,
      sent_at: null,
      claim_id: null,
      attempts: 1,
      last_error: 'The mail API answered 400: invalid Reply-To address',
    })
  })

  it('counts only from the current claim', async () => {
    const id = await sendLead('refused-late@example.com')
    const asOf = (await notification(id))!.next_attempt_at
    const [crashed] = await claim(asOf, 10, 60)
    const [current] = await claim(seconds(asOf, 60))
    expect(await recordRefused(id, crashed!.claim_id, seconds(asOf, 61))).toBeNull()
    expect(await notification(id)).toMatchObject({claim_id: current!.claim_id, failed_at: null})
  })

  it('gives way to a late report that the mail went', async () => {
    const id = await sendLead('refused-then-sent@example.com')
    const asOf = (await notification(id))!.next_attempt_at
    const [claimed] = await claim(asOf)
    await recordRefused(id, claimed!.claim_id, asOf)
    expect(await recordSent(id, 're_late', seconds(asOf, 1))).toBe(true)
    expect(await notification(id)).toMatchObject({failed_at: null, provider_message_id: 're_late'})
  })

  it('ends a notification already stuck in hourly retries at its next refusal', async () => {
    const id = await sendLead('stuck@example.com')
    let asOf = (await notification(id))!.next_attempt_at
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const [claimed] = await claim(asOf)
      asOf = (await recordFailed(id, claimed!.claim_id, asOf))!
    }
    const [last] = await claim(asOf)
    expect(last).toMatchObject({attempt: 13})
    expect(await recordRefused(id, last!.claim_id, asOf)).toBe(true)
    expect(await claim(seconds(asOf, 365 * 24 * 3600))).toEqual([])
    expect(await notification(id)).toMatchObject({attempts: 13, failed_at: asOf})
  })
})

describe('across a restart', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lead-notifications-'))
  })
  afterEach(() => rmSync(dataDir, {recursive: true, force: true}))

  it('keeps a sent lead sent, and a pending or crashed one due', async () => {
    let database = await openDatabase(join(dataDir, 'db'))
    const sent = await sendLead('restart-sent@example.com', database)
    const crashed = await sendLead('restart-crashed@example.com', database)
    const pending = await sendLead('restart-pending@example.com', database)
    const asOf = seconds((await notification(pending, database))!.next_attempt_at, 1)
    // The two oldest are claimed; the sender records one and dies before recording the other.
    const claimed = await claim(asOf, 2, 60, database)
    expect(claimed.map((row) => row.lead_id)).toEqual([sent, crashed])
    await recordSent(sent, 're_before_restart', asOf, database)
    await database.close()

    database = await openDatabase(join(dataDir, 'db'))
    try {
      const claimedAt = async (after: number) =>
        (await claim(seconds(asOf, after), 10, 60, database)).map((row) => row.lead_id)
      expect(await claimedAt(59)).toEqual([pending])
      expect(await claimedAt(60)).toEqual([crashed])
      expect((await claimedAt(365 * 24 * 3600)).sort()).toEqual([crashed, pending].sort())
      expect(await notification(sent, database)).toMatchObject({
        provider_message_id: 're_before_restart',
        sent_at: asOf,
      })
    } finally {
      await database.close()
    }
  })
})

describe('waking notify-staff on hosted Supabase', () => {
  it('is not scheduled where pg_cron and pg_net are missing (PGlite), and the migration still applies', async () => {
    const {rows} = await db.query<Row>(
      `select (select count(*)::int from pg_extension where extname in ('pg_cron', 'pg_net')) as extensions,
        to_regnamespace('cron') is null as no_cron,
        exists (select 1 from supabase_migrations.schema_migrations where name = 'lead_notifications') as applied`,
    )
    expect(rows[0]).toEqual({extensions: 0, no_cron: true, applied: true})
  })

  describe('with stand-ins for pg_net and Vault', () => {
    let hosted: Database
    beforeAll(async () => {
      hosted = await openDatabase()
      // Just the shapes the function uses: net.http_post's named arguments and vault.decrypted_secrets.
      await hosted.exec(`
        create schema net;
        create table net.posts (id bigserial primary key, url text, headers jsonb, body jsonb, timeout_milliseconds int);
        create function net.http_post(url text, headers jsonb, body jsonb, timeout_milliseconds int) returns bigint
          language sql as $$
            insert into net.posts (url, headers, body, timeout_milliseconds)
            values (url, headers, body, timeout_milliseconds) returning id
          $$;
        create schema vault;
        create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
      `)
    })
    afterAll(() => hosted.close())

    const wake = async (asOf: Date) =>
      (
        await hosted.query<{request_id: number | null}>(
          'select private.wake_notify_staff($1) as request_id',
          [asOf.toISOString()],
        )
      ).rows[0]!.request_id
    const posts = async () => (await hosted.query<Row>('select * from net.posts order by id')).rows

    it('posts only when a notification is due and Vault holds the URL and key', async () => {
      expect(await wake(new Date())).toBeNull()
      const id = await sendLead('wake@example.com', hosted)
      const due = (await notification(id, hosted))!.next_attempt_at
      expect(await wake(due)).toBeNull()
      expect(await posts()).toEqual([])

      await hosted.query(
        `insert into vault.decrypted_secrets values ('project_url', 'https://ref.supabase.co'), ('publishable_key', 'sb_publishable_x')`,
      )
      expect(await wake(seconds(due, -1))).toBeNull()
      expect(await wake(due)).toEqual(expect.any(Number))
      expect(await posts()).toEqual([
        expect.objectContaining({
          url: 'https://ref.supabase.co/functions/v1/notify-staff',
          headers: {'Content-Type': 'application/json', 'Authorization': 'Bearer sb_publishable_x'},
          body: {},
        }),
      ])

      const [claimed] = await claim(due, 10, 60, hosted)
      expect(await wake(seconds(due, 59))).toBeNull()
      expect(await wake(seconds(due, 60))).toEqual(expect.any(Number))
      expect(await posts()).toHaveLength(2)

      // A notification refused for good wakes no one, ever.
      await recordRefused(id, claimed!.claim_id, seconds(due, 1), hosted)
      expect(await wake(seconds(due, 365 * 24 * 3600))).toBeNull()
      expect(await posts()).toHaveLength(2)
    })
  })
})
