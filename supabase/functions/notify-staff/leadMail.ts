// The mail staff get for one lead: every field the visitor sent and where the lead came from, as plain text and as
// HTML whose every value is escaped (a visitor writes them), with the visitor as Reply-To so answering the mail
// answers the lead.

/** A row of claim_lead_notifications (supabase/migrations/20261212000000_lead_mail_source.sql). */
export type Lead = {
  lead_id: string
  created_at: string
  name: string
  email: string
  phone: string
  platforms: string[]
  requirements: string[]
  description: string
  first_source: string | null
  first_medium: string | null
  first_campaign: string | null
  first_landing_page: string | null
  first_referrer_host: string | null
  last_source: string | null
  last_medium: string | null
  last_campaign: string | null
  form_page: string | null
}

export type Mail = {
  from: string
  to: string[]
  replyTo: string
  subject: string
  text: string
  html: string
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[char] ?? char,
  )

/** One line, whatever the visitor typed: a subject holds no line breaks. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** A touch in words: "instagram / social, campaign diwali", or undefined when it was not recorded. */
function touch(source: string | null, medium: string | null, campaign: string | null) {
  if (!source) return undefined
  return [source, medium].filter(Boolean).join(' / ') + (campaign ? `, campaign ${campaign}` : '')
}

/** Where the lead came from: its first touch (with where it landed and from which site), last touch and form page. */
function origin(lead: Lead): [string, string][] {
  const first = touch(lead.first_source, lead.first_medium, lead.first_campaign)
  const landing = [
    lead.first_landing_page && `landed on ${lead.first_landing_page}`,
    lead.first_referrer_host && `from ${lead.first_referrer_host}`,
  ].filter(Boolean)
  const last = touch(lead.last_source, lead.last_medium, lead.last_campaign)
  return [
    ['Source', (first ?? 'not recorded') + (landing.length > 0 ? ` (${landing.join(', ')})` : '')],
    ...(last && last !== first ? [['Last touch', last] as [string, string]] : []),
    ...(lead.form_page ? [['Form sent from', lead.form_page] as [string, string]] : []),
  ]
}

export function leadMail(lead: Lead, from: string, to: string[]): Mail {
  const fields: [string, string][] = [
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Phone', lead.phone],
    ['Platforms', lead.platforms.join(', ')],
    ['Requirements', lead.requirements.join(', ')],
    ...origin(lead),
  ]
  const received = new Date(lead.created_at).toISOString()
  const text = [
    `A visitor asked for a free estimate (received ${received}).`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'Description:',
    lead.description,
    '',
    `Reply to this e-mail to answer ${oneLine(lead.name)}. Lead ${lead.lead_id}.`,
  ].join('\n')
  const rows = fields
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')
  const html =
    `<p>A visitor asked for a free estimate (received ${received}).</p>` +
    `<table>${rows}</table>` +
    `<p><strong>Description</strong></p><p style="white-space:pre-wrap">${escapeHtml(lead.description)}</p>` +
    `<p>Reply to this e-mail to answer ${escapeHtml(oneLine(lead.name))}. Lead ${escapeHtml(lead.lead_id)}.</p>`
  return {
    from,
    to,
    // The table allows white space around the address (20261211000000_reply_to_email.sql); a header does not.
    replyTo: lead.email.trim(),
    subject: `New estimate request: ${oneLine(lead.name)}${lead.first_source ? ` (via ${lead.first_source})` : ''}`,
    text,
    html,
  }
}
