-- Staff hear of every free-estimate request within seconds. The insert writes a row into an outbox in its own
-- transaction (a trigger), so a lead that is stored is always announced and a visitor's insert never waits on
-- mail or fails because of it; a sender drains the outbox later. This is the pattern of Supabase's guide
-- "Automatic embeddings" (a trigger fills a queue in the database, pg_cron wakes an Edge Function that drains
-- it) with a plain table as the queue: PGlite has no pgmq, and a table keeps per-lead state (sent, attempts).
--
-- The contract for the Edge Function `notify-staff` (service role key; PostgREST rpc, all in schema public):
--   claim_lead_notifications(batch integer default 10, lease_seconds integer default 120)
--     -> rows (lead_id, claim_id, attempt, created_at, name, email, phone, platforms, requirements, description)
--     Leases up to `batch` due notifications for `lease_seconds`; a sender that dies loses its lease and the
--     rows come due again. Send one mail per row with the header `Idempotency-Key: <lead_id>`.
--   record_lead_notification_sent(lead_id uuid, provider_message_id text) -> boolean
--     The mail went: never send this lead again (false when it was already recorded as sent).
--   record_lead_notification_failed(lead_id uuid, claim_id uuid, error text) -> timestamptz
--     The provider refused or did not answer: retry after 30 s, 1, 2, 4 ... minutes, at most an hour apart;
--     answers the next attempt's time, or null when the claim is no longer the current one (ignored).
-- Each also takes `as_of timestamptz default now()`, the time to act at; tests pass it, the function does not.
-- The function claims until a claim comes back empty. The wake-up below (POST, body {}) carries only the
-- publishable key and grants nothing: the function makes these calls with its own service-role key.

-- The outbox: one row per lead, keyed by the lead, so a lead is announced once whatever the retries.
create table public.lead_notifications (
  lead_id uuid primary key references public.free_estimate_requests (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Due when not sent, next_attempt_at has come and no live lease holds it.
  next_attempt_at timestamptz not null default now(),
  claim_id uuid,
  claimed_until timestamptz,
  -- Claims so far, counted when claimed: a sender that crashes on a lead still backs off from it.
  attempts integer not null default 0,
  last_error text
    constraint last_error_bounded check (length(last_error) <= 1000),
  sent_at timestamptz,
  -- The mail provider's id for the message (Resend's `id`), to find it in the provider's logs.
  provider_message_id text
    constraint provider_message_id_bounded check (length(provider_message_id) <= 200),
  constraint sent_has_provider_id check ((sent_at is null) = (provider_message_id is null))
);

comment on table public.lead_notifications is
  'Outbox: one staff notification per free-estimate request, drained by the notify-staff Edge Function.';

create index lead_notifications_due on public.lead_notifications (next_attempt_at) where sent_at is null;

alter table public.lead_notifications enable row level security;

-- No policies: only the service role (which bypasses row-level security) and the functions below reach it.
revoke all on table public.lead_notifications from anon, authenticated;
grant select, insert, update, delete on table public.lead_notifications to service_role;

-- Security definer: the visitor who inserts the lead may not touch the outbox. An AFTER trigger sees the row
-- the throttle and the checks let through, in the insert's transaction: if the insert rolls back, so does this.
create function private.enqueue_lead_notification() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.lead_notifications (lead_id) values (new.id);
  return null;
end;
$$;

revoke all on function private.enqueue_lead_notification() from public;

create trigger enqueue_lead_notification
  after insert on public.free_estimate_requests
  for each row execute function private.enqueue_lead_notification();

-- `for update skip locked`: two senders running at once take different rows instead of waiting on each other.
create function public.claim_lead_notifications(
  batch integer default 10,
  lease_seconds integer default 120,
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
  if lease_seconds is null or lease_seconds not between 10 and 3600 then
    raise exception 'lease_seconds must be between 10 and 3600, not %', lease_seconds using errcode = '22023';
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

-- Sent is final, whichever claim it comes from: the mail went, so a late report from a sender whose lease ran
-- out still stops every later send. The first provider id recorded stays.
create function public.record_lead_notification_sent(
  lead_id uuid,
  provider_message_id text,
  as_of timestamptz default now()
)
  returns boolean
  language sql
  set search_path = ''
as $$
  with sent as (
    update public.lead_notifications n
    set sent_at = as_of,
      provider_message_id = record_lead_notification_sent.provider_message_id,
      claim_id = null,
      claimed_until = null,
      last_error = null
    where n.lead_id = record_lead_notification_sent.lead_id
      and n.sent_at is null
    returning 1
  )
  select exists (select 1 from sent)
$$;

-- A failure counts only from the current claim: a sender whose lease ran out and was claimed again must not
-- push back the live attempt. Backoff doubles from 30 seconds per attempt and stops growing at an hour; a lead
-- is retried until it is sent (staff see it on their page meanwhile).
create function public.record_lead_notification_failed(
  lead_id uuid,
  claim_id uuid,
  error text,
  as_of timestamptz default now()
)
  returns timestamptz
  language sql
  set search_path = ''
as $$
  update public.lead_notifications n
  set next_attempt_at = as_of + least(interval '1 hour', interval '30 seconds' * power(2, least(n.attempts, 20) - 1)),
    claim_id = null,
    claimed_until = null,
    last_error = left(coalesce(error, 'unknown error'), 1000)
  where n.lead_id = record_lead_notification_failed.lead_id
    and n.claim_id = record_lead_notification_failed.claim_id
    and n.sent_at is null
  returning n.next_attempt_at
$$;

-- Supabase grants new functions in public to anon and authenticated by default: the outbox is the service
-- role's alone.
revoke all on function public.claim_lead_notifications(integer, integer, timestamptz) from public, anon, authenticated;
revoke all on function public.record_lead_notification_sent(uuid, text, timestamptz) from public, anon, authenticated;
revoke all on function public.record_lead_notification_failed(uuid, uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_lead_notifications(integer, integer, timestamptz) to service_role;
grant execute on function public.record_lead_notification_sent(uuid, text, timestamptz) to service_role;
grant execute on function public.record_lead_notification_failed(uuid, uuid, text, timestamptz) to service_role;

-- Waking the sender on hosted Supabase. Following Supabase's guide "Scheduling Edge Functions"
-- (supabase.com/docs/guides/functions/schedule-functions): pg_cron runs a job that calls the Edge Function
-- through pg_net, with the project's URL and publishable key from Vault (secrets `project_url` and
-- `publishable_key`, created once per project with vault.create_secret). As in "Automatic embeddings", the job
-- runs every 10 seconds (pg_cron's interval schedule); it posts only when a notification is due, so an idle site
-- does not call the function 8,640 times a day. pg_net queues the request and sends it after the job commits.
-- plpgsql resolves net.* and vault.* when it runs, so the function can exist where they do not.
create function private.wake_notify_staff(as_of timestamptz default now()) returns bigint
  language plpgsql
  set search_path = ''
as $$
declare
  project_url text;
  publishable_key text;
begin
  if not exists (
    select 1 from public.lead_notifications n
    where n.sent_at is null
      and n.next_attempt_at <= as_of
      and (n.claimed_until is null or n.claimed_until <= as_of)
  ) then
    return null;
  end if;
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into publishable_key from vault.decrypted_secrets where name = 'publishable_key';
  if project_url is null or publishable_key is null then
    raise warning 'notify-staff not called: Vault has no project_url or publishable_key secret';
    return null;
  end if;
  return net.http_post(
    url := project_url || '/functions/v1/notify-staff',
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || publishable_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 5000
  );
end;
$$;

revoke all on function private.wake_notify_staff(timestamptz) from public;

-- Only where both extensions can be had (hosted Supabase, `supabase start`); PGlite has neither, and there
-- supabase/local drains the outbox itself. cron.schedule with an existing job name replaces that job.
do $$
begin
  if (select count(*) from pg_catalog.pg_available_extensions where name in ('pg_cron', 'pg_net')) = 2 then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net with schema extensions;
    perform cron.schedule('notify-staff', '10 seconds', 'select private.wake_notify_staff()');
  else
    raise notice 'pg_cron or pg_net is not available: notify-staff is not scheduled here';
  end if;
end;
$$;
