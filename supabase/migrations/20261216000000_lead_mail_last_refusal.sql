-- The mail API's latest answer, by when it came. lead_mail_health() (20261215000000_lead_mail_health.sql) showed as
-- retry_reason the refusal of the mail whose next attempt was latest; backoff grows with each attempt, so a mail
-- refused long ago and often outranked one refused a minute ago (an API key that just expired showed the older
-- answer). The outbox now records when each refusal came, last_refused_at, and the health answer orders by it;
-- rows refused before this migration have none and rank after the ones that do, by their next attempt as before.

alter table public.lead_notifications add column last_refused_at timestamptz;

comment on column public.lead_notifications.last_refused_at is
  'When the mail API last refused the lead''s mail (last_error says why), for now or for good.';

create or replace function public.record_lead_notification_failed(
  lead_id uuid,
  claim_id uuid,
  error text,
  permanent boolean default false,
  as_of timestamptz default now()
)
  returns timestamptz
  language sql
  set search_path = ''
as $$
  update public.lead_notifications n
  set next_attempt_at = case
      when coalesce(record_lead_notification_failed.permanent, false) then 'infinity'
      else as_of + least(interval '1 hour', interval '30 seconds' * power(2, least(n.attempts, 20) - 1))
    end,
    failed_at = case when coalesce(record_lead_notification_failed.permanent, false) then as_of end,
    claim_id = null,
    claimed_until = null,
    last_error = left(coalesce(error, 'unknown error'), 1000),
    last_refused_at = as_of
  where n.lead_id = record_lead_notification_failed.lead_id
    and n.claim_id = record_lead_notification_failed.claim_id
    and n.sent_at is null
  returning n.next_attempt_at
$$;

create or replace function private.lead_mail_health(as_of timestamptz default now()) returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  with waiting as (
    select n.created_at, n.last_error, n.next_attempt_at, n.last_refused_at
    from public.lead_notifications n
    where n.sent_at is null and n.failed_at is null
  ),
  recent_failures as (
    select n.lead_id, n.failed_at, n.last_error
    from public.lead_notifications n
    where n.failed_at is not null and n.failed_at > as_of - interval '7 days'
  )
  select jsonb_build_object(
    'pending', (select count(*) from waiting),
    'oldest_pending_at', (select min(created_at) from waiting),
    'retrying', (select count(*) from waiting where last_error is not null),
    'retry_reason', (
      select last_error from waiting where last_error is not null
      order by last_refused_at desc nulls last, next_attempt_at desc limit 1
    ),
    'failed', (select count(*) from recent_failures),
    'failed_since', (select min(failed_at) from recent_failures),
    'failed_reason', (select last_error from recent_failures order by failed_at desc limit 1),
    'failed_leads', coalesce((
      select jsonb_agg(jsonb_build_object('id', f.lead_id, 'name', r.name, 'failed_at', f.failed_at,
        'reason', f.last_error) order by f.failed_at desc)
      from (select * from recent_failures order by failed_at desc limit 5) f
      join public.free_estimate_requests r on r.id = f.lead_id
    ), '[]'::jsonb),
    'failed_total', (select count(*) from public.lead_notifications where failed_at is not null),
    'sent_total', (select count(*) from public.lead_notifications where sent_at is not null)
  )
$$;
