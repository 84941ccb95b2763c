-- A lead's e-mail is the Reply-To of the mail staff get for it (supabase/functions/notify-staff/leadMail.ts), so
-- the table takes only what every mail API takes there: one plain address. The old check let
-- `a@example.com>,<evil` through; it was stored, and the mail API refused its Reply-To on every retry (Mailpit's
-- send API: "invalid Reply-To address", from Go's net/mail.ParseAddress in server/apiv1/send.go; Resend: a
-- validation_error, https://resend.com/docs/api-reference/errors).
--
-- Refused at insert rather than mailed with a safe Reply-To: the visitor is still on the form and can fix a typo,
-- while a lead staff cannot answer by replying is a lead they must chase by hand. The check keeps its name,
-- email_present: the site reads the name of a refused check (web/app/estimate/refusal.ts) and asks the visitor to
-- check their email address, never showing the database's words.
--
-- The address: RFC 5322's dot-atom before the @ (no leading, trailing or doubled dot, which net/mail refuses),
-- and after it the host name of HTML's "valid email address", the form's own rule; 254 characters at most. White
-- space around it stays allowed, as before (the throttle counts the address trimmed, and the mail trims it).
--
-- Rows stored before this check keep the address they came with: a check holds for every update of a row, so
-- holding old rows to it would stop staff working them. Their mail, if the API refuses it, ends as failed
-- (20261211000100_lead_notification_failures.sql) instead of being retried forever.
alter table public.free_estimate_requests drop constraint email_present;

do $$
declare
  reply_to_address constant text := $check$
    email ~ '^\s*[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\s*$'
    and length(email) <= 254
  $check$;
begin
  -- now() is when this migration runs: the rows before it are the old ones.
  execute 'alter table public.free_estimate_requests add constraint email_present check (('
    || reply_to_address || ') or created_at < ' || quote_literal(now()) || '::timestamptz)';
end;
$$;

comment on constraint email_present on public.free_estimate_requests is
  'One address a mail API takes as Reply-To (rows stored before 20261211000000_reply_to_email keep theirs).';
