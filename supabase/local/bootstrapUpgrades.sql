-- What the stand-in's own auth tables gained after databases were first made from bootstrap.sql. Runs on
-- every open, so it only adds what is missing. As GoTrue keeps refresh tokens
-- (supabase/auth internal/models/refresh_token.go): each knows the token it replaced (its parent) and
-- when it was last changed (for a revoked one, when it was revoked); ids give the newest in a session.

alter table auth.refresh_tokens add column if not exists id bigserial;
alter table auth.refresh_tokens add column if not exists parent text;
alter table auth.refresh_tokens add column if not exists updated_at timestamptz not null default now();
create index if not exists refresh_tokens_session_id on auth.refresh_tokens (session_id, id desc);

-- As Supabase defines it (supabase/postgres migrations, auth.jwt()): the request's JWT claims as jsonb, read
-- from request.jwt.claims as PostgREST sets it (or the older request.jwt.claim), null without a request.
create or replace function auth.jwt() returns jsonb
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
  $$;
grant execute on function auth.jwt() to anon, authenticated, service_role;
