-- Staff work the leads: the people who sell read every free-estimate request on a staff page and move it along
-- (status, owner, notes). Staff are rows of public.staff, read in policies through is_staff(), a security-definer
-- function (Supabase's guide "Custom Claims & Role-based Access Control" keeps roles in a table the same way).
-- Only the service role (the lead owner's tools) adds or removes staff and deletes leads. Visitors keep sending
-- requests exactly as before: the insert grant, its policy and the throttle are untouched, and the new columns
-- are not granted for insert, so a visitor cannot send a lead that is already "won" or owned.

create table public.staff (
  user_id uuid primary key references auth.users (id) on delete cascade,
  added_at timestamptz not null default now()
);

comment on table public.staff is 'The users who sell: they read and work the free-estimate requests.';

alter table public.staff enable row level security;

-- Supabase grants every table to anon and authenticated by default; take that back. Staff may see who the
-- other staff are (to hand a lead over); only the service role changes the list.
revoke all on table public.staff from anon, authenticated;
grant select on table public.staff to authenticated;
grant select, insert, update, delete on table public.staff to service_role;

-- Security definer so that policies can ask without the caller reading public.staff itself (which would
-- recurse through the staff table's own policy); stable and with an empty search_path, as Supabase's RBAC
-- guide writes its authorize(). Callable by signed-in users only: the staff page asks it (rpc is_staff) to
-- decide whether to open. A request with the anon key has no business asking, whatever `sub` it claims.
create function public.is_staff() returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (select 1 from public.staff where user_id = (select auth.uid()))
$$;

revoke all on function public.is_staff() from public, anon, authenticated;
grant execute on function public.is_staff() to authenticated, service_role;

create policy "staff see the staff"
  on public.staff
  for select
  to authenticated
  using ((select public.is_staff()));

-- Working a lead. The status moves new -> contacted -> won or lost (any order: a lost lead may come back).
create type public.lead_status as enum ('new', 'contacted', 'won', 'lost');

alter table public.free_estimate_requests
  add column status public.lead_status not null default 'new',
  -- The staff member working the lead; a user who is not staff cannot own one. Removing someone from the
  -- staff hands their leads back to the pool.
  add column owner uuid references public.staff (user_id) on delete set null,
  add column notes text
    constraint notes_bounded check (length(notes) <= 10000),
  add column updated_at timestamptz not null default now();

create index free_estimate_requests_open on public.free_estimate_requests (status, created_at desc);
create index free_estimate_requests_owner on public.free_estimate_requests (owner);

-- Set by the database, so the staff page can show when a lead was last touched without trusting the client.
create function private.touch_estimate_request() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.touch_estimate_request() from public;

create trigger touch_estimate_request
  before update on public.free_estimate_requests
  for each row execute function private.touch_estimate_request();

-- Staff read whole rows and change only the lead-working columns; the visitor's own words stay as sent.
-- Signed-in users who are not staff hold the same grants but the policies give them no rows.
grant select on table public.free_estimate_requests to authenticated;
grant update (status, owner, notes) on table public.free_estimate_requests to authenticated;

create policy "staff read the leads"
  on public.free_estimate_requests
  for select
  to authenticated
  using ((select public.is_staff()));

create policy "staff work the leads"
  on public.free_estimate_requests
  for update
  to authenticated
  using ((select public.is_staff()))
  with check ((select public.is_staff()));
