// notify-staff's settings, read once per call from the function's environment: on Supabase the project's
// secrets (`supabase secrets set`) and the SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY Supabase sets itself;
// under supabase/local the same names from .env.example. A missing one is refused with its name, and so is an
// address that is none: the mail API's refusal of a mail (permanentRefusal.ts) must be about the lead, never ours.
import type {EnvGetter} from '../_shared/functionCore.ts'

export type MailApiKind = 'resend' | 'mailpit'

export type NotifySettings = {
  supabaseUrl: string
  serviceRoleKey: string
  /** The sales addresses every lead goes to. */
  to: string[]
  /** The sender, `Name <address>` or an address. */
  from: string
  mailApi: {kind: MailApiKind; url: string; key: string | undefined}
}

export const RESEND_EMAILS_URL = 'https://api.resend.com/emails'

export class MissingSetting extends Error {}

/** One address, bare or in `Name <address>`: what every mail API takes as From and To. */
const ADDRESS = /^[^\s@<>,"]+@[^\s@<>,"]+$/

function anAddress(name: string, value: string) {
  const address = /<([^<>]*)>\s*$/.exec(value)?.[1] ?? value
  if (!ADDRESS.test(address.trim()))
    throw new MissingSetting(`${name} "${value}" is not an e-mail address`)
  return value
}

export function readSettings(env: EnvGetter): NotifySettings {
  const required = (name: string) => {
    const value = env(name)?.trim()
    if (!value) throw new MissingSetting(`notify-staff needs the setting ${name}`)
    return value
  }
  const kind = env('LEADS_MAIL_API')?.trim() || 'resend'
  if (kind !== 'resend' && kind !== 'mailpit')
    throw new MissingSetting(`LEADS_MAIL_API "${kind}" is neither resend nor mailpit`)
  const url = env('LEADS_MAIL_API_URL')?.trim() || RESEND_EMAILS_URL
  if (!URL.canParse(url)) throw new MissingSetting(`LEADS_MAIL_API_URL "${url}" is not a URL`)
  return {
    supabaseUrl: required('SUPABASE_URL'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    to: required('LEADS_NOTIFY_TO')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean)
      .map((address) => anAddress('LEADS_NOTIFY_TO', address)),
    from: anAddress('LEADS_NOTIFY_FROM', required('LEADS_NOTIFY_FROM')),
    mailApi: {
      kind,
      url,
      key: kind === 'resend' ? required('RESEND_API_KEY') : env('RESEND_API_KEY'),
    },
  }
}
