// The CSV export: quoting as RFC 4180 has it, formulas defused as OWASP's CSV injection guidance says.
import {describe, expect, it} from 'vitest'
import {ATTRIBUTION_COLUMNS, type Lead} from './lead.ts'
import {csvCell, csvText, leadsCsv} from './leadsCsv.ts'

describe('a CSV cell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+91 98765 43210', `"'+91 98765 43210"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
  ])('starting a formula (%j) is escaped with an apostrophe', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it.each([
    ['Asha Rao', '"Asha Rao"'],
    ['a, b', '"a, b"'],
    ['she said "hi"', '"she said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['a=b', '"a=b"'],
    ['', '""'],
  ])('holding %j is quoted and otherwise kept', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('rows end with CRLF', () => {
    expect(
      csvText([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('"a","b"\r\n"c","d"\r\n')
  })
})

describe('the leads file', () => {
  const lead: Lead = {
    id: '1',
    created_at: '2026-11-25T09:00:00.000Z',
    name: '=cmd|"/C calc"!A0',
    email: 'asha@example.com',
    phone: '+91 98765 43210',
    platforms: ['Python', 'Other'],
    requirements: ['Backtesting'],
    description: 'Line one\nline two',
    status: 'contacted',
    owner: 'u1',
    notes: '@call back',
    updated_at: '2026-11-25T10:00:00.000Z',
    ...Object.fromEntries(ATTRIBUTION_COLUMNS.map((column) => [column, null])),
    first_source: 'instagram',
    first_campaign: 'diwali',
    first_landing_page: '/tradingview',
    last_source: '-2+3',
    form_page: '/contactus',
  } as Lead

  it('has a heading row and one row per lead, owners by e-mail address, after a byte-order mark', () => {
    const text = leadsCsv([lead], [{user_id: 'u1', email: 'seller@example.com'}])
    expect(text.startsWith('\uFEFF"Received","Name","Email","Phone",')).toBe(true)
    expect(text.slice(1).split('\r\n')[1]).toBe(
      [
        '"2026-11-25T09:00:00.000Z"',
        `"'=cmd|""/C calc""!A0"`,
        '"asha@example.com"',
        `"'+91 98765 43210"`,
        '"Python; Other"',
        '"Backtesting"',
        '"Line one\nline two"',
        '"Contacted"',
        '"seller@example.com"',
        `"'@call back"`,
        '"2026-11-25T10:00:00.000Z"',
        // first_source, first_medium, first_campaign, first_term, first_content, first_click_id,
        // first_landing_page, first_referrer_host, then the last touch's eight, then form_page.
        '"instagram"',
        '""',
        '"diwali"',
        '""',
        '""',
        '""',
        '"/tradingview"',
        '""',
        `"'-2+3"`,
        '""',
        '""',
        '""',
        '""',
        '""',
        '""',
        '""',
        '"/contactus"',
      ].join(','),
    )
    expect(text.slice(1).split('\r\n')[0]).toContain(
      '"Last changed","first_source","first_medium","first_campaign"',
    )
  })

  it('leaves the owner empty for a lead nobody owns, and notes empty when there are none', () => {
    const row = leadsCsv([{...lead, owner: null, notes: null}], []).split('\r\n')[1]!
    expect(row).toContain(',"Contacted","","","2026-11-25T10:00:00.000Z",')
  })
})
