-- Flood protection for free_estimate_requests: the anon key is public, so anyone may send rows, but not
-- hundreds a minute. Every row a visitor or user sends through the API takes one token from two buckets,
-- one for the sending client's address and one for the e-mail address in the row; an empty bucket refuses
-- the row with HTTP 429 (PostgREST code PT429). The service role (the lead owner's tools) is not limited.
--
-- The buckets are rows updated in one atomic upsert, so two inserts at the same moment queue on the row
-- lock and cannot both take the last token; a refused insert rolls back and takes nothing.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table private.estimate_request_buckets (
  bucket text primary key,
  tokens double precision not null,
  refilled_at timestamptz not null
);
create index estimate_request_buckets_refilled_at on private.estimate_request_buckets (refilled_at);

comment on table private.estimate_request_buckets is
  'Token buckets that limit free-estimate requests per client address and per e-mail address.';

-- The address a request came from, from the headers PostgREST gives SQL (request.headers): Cloudflare's
-- cf-connecting-ip in front of hosted Supabase (it replaces any value the client sent), else the API
-- gateway's x-real-ip, else the first entry of x-forwarded-for (Supabase's guide "Securing your API").
create function private.client_address(headers jsonb) returns text
  language sql immutable
  set search_path = ''
as $$
  select coalesce(
    nullif(trim(headers ->> 'cf-connecting-ip'), ''),
    nullif(trim(headers ->> 'x-real-ip'), ''),
    nullif(trim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
    'unknown'
  )
$$;

-- Takes one token from a bucket that holds `burst` and refills `per_hour` an hour. Returns 0 when a token
-- was taken, else the seconds until one will be there.
create function private.take_estimate_token(bucket_key text, burst double precision, per_hour double precision)
  returns double precision
  language plpgsql
  set search_path = ''
as $$
declare
  remaining double precision;
begin
  insert into private.estimate_request_buckets as b (bucket, tokens, refilled_at)
  values (bucket_key, burst - 1, clock_timestamp())
  on conflict (bucket) do update set
    tokens = least(burst, b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.refilled_at)) * per_hour / 3600) - 1,
    refilled_at = clock_timestamp()
  returning tokens into remaining;
  if remaining >= 0 then
    return 0;
  end if;
  return ceil(-remaining * 3600 / per_hour);
end;
$$;

create function private.throttle_estimate_request() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  -- From one client address: 10 requests at once, then 10 an hour (one every 6 minutes).
  address_burst constant double precision := 10;
  address_per_hour constant double precision := 10;
  -- For one e-mail address: 3 requests at once, then 3 an hour (one every 20 minutes).
  email_burst constant double precision := 3;
  email_per_hour constant double precision := 3;
  -- Buckets untouched this long are full again, so their rows can go.
  forget_after constant interval := '1 day';
  request_role text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role';
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  wait_seconds double precision;
begin
  if request_role is distinct from 'anon' and request_role is distinct from 'authenticated' then
    return new;
  end if;
  wait_seconds := private.take_estimate_token('address:' || private.client_address(headers), address_burst, address_per_hour);
  if wait_seconds = 0 then
    wait_seconds := private.take_estimate_token('email:' || lower(trim(new.email)), email_burst, email_per_hour);
  end if;
  if wait_seconds > 0 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'PT429',
        'message', 'Too many estimate requests',
        'details', format('At most %s an hour from one address and %s for one e-mail address.', address_per_hour, email_per_hour),
        'hint', format('Try again in %s seconds.', wait_seconds))::text,
      detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', wait_seconds::text))::text;
  end if;
  if random() < 0.01 then
    delete from private.estimate_request_buckets where refilled_at < clock_timestamp() - forget_after;
  end if;
  return new;
end;
$$;

revoke all on function private.client_address(jsonb) from public;
revoke all on function private.take_estimate_token(text, double precision, double precision) from public;
revoke all on function private.throttle_estimate_request() from public;

create trigger throttle_estimate_request
  before insert on public.free_estimate_requests
  for each row execute function private.throttle_estimate_request();
