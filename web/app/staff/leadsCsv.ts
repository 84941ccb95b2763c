// The leads as a CSV file for a spreadsheet. Every cell is quoted (RFC 4180: a quote doubled), and a cell that
// starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe, as OWASP's "CSV Injection" page
// advises, so a spreadsheet shows a visitor's words as text and never runs them as a formula.
import {ATTRIBUTION_COLUMNS, statusLabel, type Lead, type StaffMember} from './lead.ts'

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return `"${text.replaceAll('"', '""')}"`
}

export const csvText = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'

const HEADINGS = [
  'Received',
  'Name',
  'Email',
  'Phone',
  'Platforms',
  'Requirements',
  'Request',
  'Status',
  'Owner',
  'Notes',
  'Last changed',
  // Where the lead came from: the columns' own names (first_source, …, form_page), as an analyst joins them.
  ...ATTRIBUTION_COLUMNS,
]

/** The file's text; a byte-order mark first, so spreadsheet programs read it as UTF-8. */
export function leadsCsv(leads: readonly Lead[], staff: readonly StaffMember[]): string {
  const ownerEmail = (owner: string | null) =>
    owner ? (staff.find((member) => member.user_id === owner)?.email ?? owner) : ''
  return (
    '\uFEFF' +
    csvText([
      HEADINGS,
      ...leads.map((lead) => [
        lead.created_at,
        lead.name,
        lead.email,
        lead.phone,
        lead.platforms.join('; '),
        lead.requirements.join('; '),
        lead.description,
        statusLabel(lead.status),
        ownerEmail(lead.owner),
        lead.notes ?? '',
        lead.updated_at,
        ...ATTRIBUTION_COLUMNS.map((column) => lead[column] ?? ''),
      ]),
    ])
  )
}
