-- Lead mail trouble in front of staff, the day it starts. The outbox (20261203000100_lead_notifications.sql) keeps
-- each lead's mail state where no staff member looks: a mail the mail API refuses for good ends as failed_at
-- (20261211000100_lead_notification_failures.sql), and a mail it refuses for now (an expired API key: 401, a quota:
-- 429) is retried with its last_error while leads pile up behind it. lead_mail_health() says how it stands, in one
-- call: the staff page shows it (web/app/staff/LeadMailHealth.tsx), and a monitor reads the same numbers
-- (supabase/local's /metrics; on hosted Supabase the function through PostgREST with the service role key,
-- docs/operations.md).
--
-- Staff read it as they read everything else, through is_staff() (20261203000000_staff_work_leads.sql, Supabase's
-- RBAC guide): the function is security definer, so the outbox itself stays the service role's alone, and it
-- answers staff and the service role only.
--
--   lead_mail_health(as_of timestamptz default now()) -> jsonb
--     pending           mails not sent and not failed (due, leased, or waiting for their retry)
--     oldest_pending_at when the oldest of them was queued (its lead's arrival), or null
--     retrying          how many of them the mail API has refused for now, and retry_reason its latest answer
--     failed            mails refused for good in the last 7 days; failed_since the first of them, and
--                       failed_reason the latest's answer; failed_leads the latest five (id, name, failed_at, reason)
--     failed_total      mails refused for good ever, and sent_total mails sent ever (counters for a monitor)

create function private.lead_mail_health(as_of timestamptz default now()) returns jsonb
  language sql
  stable
  set search_path = ''
as $$
  with waiting as (
    select n.created_at, n.last_error, n.next_attempt_at
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
      order by next_attempt_at desc limit 1
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

revoke all on function private.lead_mail_health(timestamptz) from public;

create function public.lead_mail_health(as_of timestamptz default now()) returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if not ((select public.is_staff()) or (select auth.role()) = 'service_role') then
    raise exception 'Only staff read how the lead mails stand' using errcode = '42501';
  end if;
  return private.lead_mail_health(as_of);
end;
$$;

revoke all on function public.lead_mail_health(timestamptz) from public, anon, authenticated;
grant execute on function public.lead_mail_health(timestamptz) to authenticated, service_role;
