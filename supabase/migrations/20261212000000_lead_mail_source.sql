-- The mail staff get for a lead names where it came from (supabase/functions/notify-staff/leadMail.ts): the sender
-- claims each lead with its first and last touch and the page its form was sent from
-- (20261210000000_lead_attribution.sql), every value already bounded by that migration's checks.
--
-- claim_lead_notifications keeps its arguments, lease and order (20261211000200_lead_notification_leases.sql);
-- its rows gain nine columns. A function's result type cannot be changed in place, so it is dropped and made again
-- in this migration's transaction, with the grants it had.
drop function public.claim_lead_notifications(integer, integer, timestamptz);

create function public.claim_lead_notifications(
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
    description text,
    first_source text,
    first_medium text,
    first_campaign text,
    first_landing_page text,
    first_referrer_host text,
    last_source text,
    last_medium text,
    last_campaign text,
    form_page text
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
    r.requirements, r.description, r.first_source, r.first_medium, r.first_campaign, r.first_landing_page,
    r.first_referrer_host, r.last_source, r.last_medium, r.last_campaign, r.form_page
  from claimed c
  join public.free_estimate_requests r on r.id = c.lead_id
  order by r.created_at, c.lead_id;
end;
$$;

revoke all on function public.claim_lead_notifications(integer, integer, timestamptz)
  from public, anon, authenticated;
grant execute on function public.claim_lead_notifications(integer, integer, timestamptz) to service_role;
