-- After a crash, the leads a dead sender had claimed are mailed within seconds, not minutes: a claim's lease is
-- 5 seconds (was 120). A sender that dies holds its leads until its lease ends; then pg_cron's next tick (every
-- 10 s) finds them due, so they go within 15 s of the crash; supabase/local, started again, looks once more
-- when the leases it finds end (local/outboxClock.ts), so they go as soon as their lease is over.
--
-- A short lease rather than releasing a previous process's leases at start: on hosted Supabase there is no start
-- and no process to outlive. Each wake-up is an Edge Function invocation of its own, several may run at once, and
-- none can tell a dead invocation's lease from a live one's; a lease that ends is the one signal that holds on
-- both. It is short because it can be: a lease only saves work. What keeps a lead mailed once is the mail API's
-- Idempotency-Key (the lead's id): a lease that ends while its sender still sends lets another sender send the
-- same mail under the same key, which Resend and the dev mailbox answer without mailing it again. The sender
-- claims no more than it can send within the lease and stops using a claim whose lease has ended
-- (supabase/functions/notify-staff/drain.ts).
--
-- Same signature and body as in 20261203000100_lead_notifications.sql; the default lease and its lower bound
-- change.
create or replace function public.claim_lead_notifications(
  batch integer default 10,
  lease_seconds integer default 5,
  as_of timestamptz default now()
)
  returns table (
    lead_id uuid,
    claim_id uuid,
    attempt integer,
    created_at timestamptz,
    name text,
    email text,
    phone text,
    platforms text[],
    requirements text[],
    description text
  )
  language plpgsql
  set search_path = ''
as $$
begin
  if batch is null or batch not between 1 and 100 then
    raise exception 'batch must be between 1 and 100, not %', batch using errcode = '22023';
  end if;
  if lease_seconds is null or lease_seconds not between 1 and 3600 then
    raise exception 'lease_seconds must be between 1 and 3600, not %', lease_seconds using errcode = '22023';
  end if;
  return query
  with due as (
    select n.lead_id
    from public.lead_notifications n
    where n.sent_at is null
      and n.next_attempt_at <= as_of
      and (n.claimed_until is null or n.claimed_until <= as_of)
    order by n.next_attempt_at, n.lead_id
    limit batch
    for update skip locked
  ),
  claimed as (
    update public.lead_notifications n
    set claim_id = gen_random_uuid(),
      claimed_until = as_of + make_interval(secs => lease_seconds),
      attempts = n.attempts + 1
    from due
    where n.lead_id = due.lead_id
    returning n.lead_id, n.claim_id, n.attempts
  )
  select c.lead_id, c.claim_id, c.attempts, r.created_at, r.name, r.email, r.phone, r.platforms,
    r.requirements, r.description
  from claimed c
  join public.free_estimate_requests r on r.id = c.lead_id
  order by r.created_at, c.lead_id;
end;
$$;
