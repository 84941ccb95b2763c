-- Free-estimate requests: the site's leads. Anyone may send one, signed in or not; only the service role
-- (the lead owner's tools) may read, change or delete them. The checks mirror the contact form, so the
-- database refuses what the form refuses, whoever sends the row.

create table public.free_estimate_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- "Present" is what the form's trim() means: at least one character that is not white space.
  name text not null
    constraint name_present check (name ~ '\S' and length(name) <= 200),
  email text not null
    constraint email_present check (email ~ '^\s*[^@\s]+@[^@\s]+\s*$' and length(email) <= 254),
  phone text not null
    constraint phone_present check (phone ~ '\S' and length(phone) <= 40),
  platforms text[] not null
    constraint platforms_chosen check (
      cardinality(platforms) between 1 and 4
      and platforms <@ array['TradingView', 'Tradetron', 'Python', 'Other']
    ),
  requirements text[] not null
    constraint requirements_chosen check (
      cardinality(requirements) between 1 and 4
      and requirements <@ array['Indicator Development', 'Strategy Development', 'Backtesting', 'Automation']
    ),
  description text not null
    constraint description_present check (description ~ '\S' and length(description) <= 5000),
  terms_accepted boolean not null
    constraint terms_accepted_true check (terms_accepted),
  ownership_confirmed boolean not null
    constraint ownership_confirmed_true check (ownership_confirmed),
  -- The sender's account when signed in; filled from the access token, never taken on trust.
  user_id uuid default auth.uid() references auth.users (id) on delete set null
);

comment on table public.free_estimate_requests is 'Free-estimate requests sent from the /contactus form.';

create index free_estimate_requests_created_at on public.free_estimate_requests (created_at desc);

alter table public.free_estimate_requests enable row level security;

-- Supabase grants every table to anon and authenticated by default; take that back and give only insert.
revoke all on table public.free_estimate_requests from anon, authenticated;
grant insert (name, email, phone, platforms, requirements, description, terms_accepted, ownership_confirmed, user_id)
  on table public.free_estimate_requests to anon, authenticated;
grant select, insert, update, delete on table public.free_estimate_requests to service_role;

-- A visitor's row has no user; a signed-in user's row is theirs: a forged user_id is refused.
create policy "anyone may send an estimate request as themselves"
  on public.free_estimate_requests
  for insert
  to anon, authenticated
  with check (user_id is not distinct from auth.uid());
