-- Where each lead came from: its first touch (the visit's first landing) and last touch (the latest landing that
-- said where it came from), as web-to-lead tools record them (HubSpot's first and last touch, Salesforce's
-- lead source and campaign, Google Analytics' UTM parameters and click ids), and the page the form was sent from.
-- The browser reads them (web/app/attribution) and sends them with the lead; the database bounds every value as it
-- bounds the visitor's own fields, to characters that can never be markup or a spreadsheet formula's start, so
-- nothing a link carries can harm staff. Visitors insert them and nobody changes them afterwards: the insert grant
-- names them, the update grant (status, owner, notes) does not. Staff read them as they read the rest of a lead;
-- row-level security, the insert policy and the throttle are unchanged.

alter table public.free_estimate_requests
  add column first_source text
    constraint first_source_bounded check (first_source ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column first_medium text
    constraint first_medium_bounded check (first_medium ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column first_campaign text
    constraint first_campaign_bounded check (first_campaign ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column first_term text
    constraint first_term_bounded check (first_term ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column first_content text
    constraint first_content_bounded check (first_content ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column first_click_id text
    constraint first_click_id_bounded check (first_click_id ~ '^(gclid|fbclid|msclkid):[A-Za-z0-9_-]{1,190}$'),
  add column first_landing_page text
    constraint first_landing_page_bounded check (first_landing_page ~ '^/[A-Za-z0-9/_.~-]{0,199}$'),
  add column first_referrer_host text
    constraint first_referrer_host_bounded check (first_referrer_host ~ '^[a-z0-9.-]{1,253}$'),
  add column last_source text
    constraint last_source_bounded check (last_source ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column last_medium text
    constraint last_medium_bounded check (last_medium ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column last_campaign text
    constraint last_campaign_bounded check (last_campaign ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column last_term text
    constraint last_term_bounded check (last_term ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column last_content text
    constraint last_content_bounded check (last_content ~ '^[A-Za-z0-9 _.~:/@%()+-]{1,100}$'),
  add column last_click_id text
    constraint last_click_id_bounded check (last_click_id ~ '^(gclid|fbclid|msclkid):[A-Za-z0-9_-]{1,190}$'),
  add column last_landing_page text
    constraint last_landing_page_bounded check (last_landing_page ~ '^/[A-Za-z0-9/_.~-]{0,199}$'),
  add column last_referrer_host text
    constraint last_referrer_host_bounded check (last_referrer_host ~ '^[a-z0-9.-]{1,253}$'),
  add column form_page text
    constraint form_page_bounded check (form_page ~ '^/[A-Za-z0-9/_.~-]{0,199}$');

comment on column public.free_estimate_requests.first_source is
  'The visit''s first touch: utm_source, a click id''s network, the referring host, or (direct).';
comment on column public.free_estimate_requests.last_source is
  'The latest landing that said where it came from, up to the form''s submit.';
comment on column public.free_estimate_requests.form_page is 'The page the form was sent from.';

grant insert (
  first_source, first_medium, first_campaign, first_term, first_content, first_click_id, first_landing_page,
  first_referrer_host, last_source, last_medium, last_campaign, last_term, last_content, last_click_id,
  last_landing_page, last_referrer_host, form_page
) on table public.free_estimate_requests to anon, authenticated;

-- Staff filter and count leads by where they came from.
create index free_estimate_requests_first_source on public.free_estimate_requests (first_source, first_campaign);

-- The leads staff filter, by where they first came from: per first source and campaign, how many, how many are
-- past "new" (contacted, won or lost), and how many were won. The staff page sums them per source for its summary,
-- and offers the sources and campaigns as its filters. Security invoker: row-level security decides the rows, so
-- anyone who is not staff counts none. Filtered as the staff page's list is by status and by a search in name,
-- e-mail and phone (its source and campaign filters pick from these rows).
create function public.lead_sources(status_filter public.lead_status default null, search text default null)
  returns table (source text, campaign text, leads bigint, contacted bigint, won bigint)
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  select
    coalesce(r.first_source, '(not recorded)') as source,
    r.first_campaign as campaign,
    count(*) as leads,
    count(*) filter (where r.status <> 'new') as contacted,
    count(*) filter (where r.status = 'won') as won
  from public.free_estimate_requests r
  where (status_filter is null or r.status = status_filter)
    and (
      search is null or search = ''
      or r.name ilike '%' || search || '%'
      or r.email ilike '%' || search || '%'
      or r.phone ilike '%' || search || '%'
    )
  group by 1, 2
  order by leads desc, source, campaign nulls last
$$;

revoke all on function public.lead_sources(public.lead_status, text) from public, anon;
grant execute on function public.lead_sources(public.lead_status, text) to authenticated, service_role;
