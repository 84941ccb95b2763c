-- Staff see who the other staff are by e-mail address, to hand a lead to someone by name on the staff page.
-- auth.users is not exposed through the API, so the address is copied into public.staff, as Supabase's guide
-- "User Management" keeps public profile data in a public table filled by triggers from auth.users. The
-- database sets it from auth.users whatever an insert says, and follows a change of address.

-- Null only for the moment an insert names no user: the foreign key then refuses the row (23503).
alter table public.staff add column email text;

update public.staff
  set email = users.email
  from auth.users as users
  where users.id = staff.user_id;

-- Security definer: whoever adds a staff member (the service role) need not read auth.users for it.
create function private.staff_email_from_user() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  select users.email into new.email from auth.users as users where users.id = new.user_id;
  return new;
end;
$$;

revoke all on function private.staff_email_from_user() from public;

create trigger staff_email_from_user
  before insert or update on public.staff
  for each row execute function private.staff_email_from_user();

create function private.staff_email_follows_user() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.staff set email = new.email where user_id = new.id;
  return null;
end;
$$;

revoke all on function private.staff_email_follows_user() from public;

create trigger staff_email_follows_user
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.staff_email_follows_user();
