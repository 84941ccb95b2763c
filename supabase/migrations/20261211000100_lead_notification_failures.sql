-- A lead's mail the mail API refuses for good ends as failed instead of being retried forever. Which refusals are
-- for good is the sender's to say (supabase/functions/notify-staff/mailRequest.ts reads Resend's and Mailpit's
-- documented answers): the mail itself refused, such as a Reply-To no API takes. A failed notification keeps its
-- lead's row, so staff still see the lead on their page; failed_at and last_error say why no mail came, as the
-- function's log does.
--
-- The contract of 20261203000100_lead_notifications.sql changes in one call:
--   record_lead_notification_failed(lead_id uuid, claim_id uuid, error text, permanent boolean default false)
--     -> timestamptz: the next attempt's time; 'infinity' when `permanent` (the notification failed: never
--     claimed again); null when the claim is no longer the current one (ignored).
-- A failed notification is never due: its next_attempt_at is 'infinity', so claim_lead_notifications and the
-- wake-up pass it by as they are. Rows already stuck, retried hourly, end the same way at their next refusal.

alter table public.lead_notifications
  add column failed_at timestamptz,
  add constraint failed_is_final check (
    failed_at is null or (sent_at is null and next_attempt_at = 'infinity')
  );

comment on column public.lead_notifications.failed_at is
  'When the mail API refused the lead''s mail for good (last_error says why): it is not retried.';

drop function public.record_lead_notification_failed(uuid, uuid, text, timestamptz);

create function public.record_lead_notification_failed(
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
    last_error = left(coalesce(error, 'unknown error'), 1000)
  where n.lead_id = record_lead_notification_failed.lead_id
    and n.claim_id = record_lead_notification_failed.claim_id
    and n.sent_at is null
  returning n.next_attempt_at
$$;

-- Sent stays final, also over a failure: a late report that the mail went (from a sender whose lease ran out)
-- means it went.
create or replace function public.record_lead_notification_sent(
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
      last_error = null,
      failed_at = null
    where n.lead_id = record_lead_notification_sent.lead_id
      and n.sent_at is null
    returning 1
  )
  select exists (select 1 from sent)
$$;

revoke all on function public.record_lead_notification_failed(uuid, uuid, text, boolean, timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_lead_notification_failed(uuid, uuid, text, boolean, timestamptz)
  to service_role;
