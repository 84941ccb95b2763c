// The mail staff get for one lead: every field the visitor sent, as plain text and as HTML whose every value
// is escaped (a visitor writes them), with the visitor as Reply-To so answering the mail answers the lead.
export type Lead = {
  lead_id: string
  created_at: string
  name: string
  email: string
  phone: string
  platforms: string[]
  requirements: string[]
  description: string
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

export function leadMail(lead: Lead, from: string, to: string[]): Mail {
  const fields: [string, string][] = [
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Phone', lead.phone],
    ['Platforms', lead.platforms.join(', ')],
    ['Requirements', lead.requirements.join(', ')],
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
    subject: `New estimate request: ${oneLine(lead.name)}`,
    text,
    html,
  }
}
