// What notify-staff sends to each mail API and how it reads the answers: Resend's request shape, key and
// Idempotency-Key, and its idempotency refusals (a key used before with another body means the mail went; a
// concurrent request is retried); Mailpit's shape; failures that leave the lead to be retried, and refusals of
// the mail itself that end its retries (Resend's documented errors, Mailpit's 400 {Error} from send.go).
import {describe, expect, it} from 'vitest'
import {leadMail, type Lead} from './leadMail.ts'
import {sendMail} from './mailApi.ts'
import {readSettings} from './settings.ts'

/** Where a lead came from, not recorded: a visit with no campaign link or referrer. */
const NO_ORIGIN = {
  first_source: null,
  first_medium: null,
  first_campaign: null,
  first_landing_page: null,
  first_referrer_host: null,
  last_source: null,
  last_medium: null,
  last_campaign: null,
  form_page: null,
}

const asha: Lead = {
  lead_id: '5b3f0e7e-1111-4222-8333-944455556666',
  created_at: '2026-11-25T09:00:00Z',
  name: 'Asha\nRao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  platforms: ['Python'],
  requirements: ['Backtesting'],
  description: '<script>alert(1)</script>',
  ...NO_ORIGIN,
}

const mail = leadMail(asha, 'QuantEdge leads <leads@example.com>', ['sales@example.com'])

type Sent = {url: string; headers: Headers; body: Record<string, unknown>}

/** A fetch that records the request and answers `status` with `body`. */
function answering(status: number, body: unknown) {
  const sent: Sent[] = []
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({url, headers: new Headers(init.headers), body: JSON.parse(String(init.body))})
    return new Response(JSON.stringify(body), {status})
  }) as unknown as typeof fetch
  return {sent, fetchImpl}
}

const resend = {kind: 'resend', url: 'https://api.resend.com/emails', key: 're_test'} as const
const mailpit = {kind: 'mailpit', url: 'http://127.0.0.1:1/api/v1/send', key: undefined} as const

describe('the lead’s mail', () => {
  it('keeps the subject on one line and escapes the visitor’s words in the HTML', () => {
    expect(mail.subject).toBe('New estimate request: Asha Rao')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toContain('<script>alert(1)</script>')
    expect(mail.replyTo).toBe('asha@example.com')
  })

  it('answers to the visitor’s address without the white space the table lets around it', () => {
    const lead = {...asha, email: ' asha@example.com\n'}
    expect(leadMail(lead, 'leads@example.com', ['sales@example.com']).replyTo).toBe(
      'asha@example.com',
    )
  })

  it('names where the lead came from: its source in the subject, both touches and the form’s page', () => {
    const fromCampaign = leadMail(
      {
        ...asha,
        first_source: 'instagram',
        first_medium: 'social',
        first_campaign: 'diwali',
        first_landing_page: '/tradingview',
        first_referrer_host: 'l.instagram.com',
        last_source: 'youtube',
        last_medium: 'video',
        last_campaign: 'backtest-101',
        form_page: '/contactus',
      },
      'leads@example.com',
      ['sales@example.com'],
    )
    expect(fromCampaign.subject).toBe('New estimate request: Asha Rao (via instagram)')
    expect(fromCampaign.text).toContain(
      'Source: instagram / social, campaign diwali (landed on /tradingview, from l.instagram.com)\n' +
        'Last touch: youtube / video, campaign backtest-101\n' +
        'Form sent from: /contactus',
    )
    expect(fromCampaign.html).toContain(
      '<tr><th align="left">Source</th><td>instagram / social, campaign diwali (landed on /tradingview, from l.instagram.com)</td></tr>',
    )
    // A lead with no recorded origin says so, rather than leaving staff to wonder.
    expect(mail.text).toContain('Source: not recorded\n')
    expect(mail.text).not.toContain('Last touch')
  })
})

describe('Resend', () => {
  it('posts Resend’s shape with the key and the lead’s id as Idempotency-Key, and takes its id', async () => {
    const {sent, fetchImpl} = answering(200, {id: 'resend-id'})
    expect(await sendMail(resend, mail, 'lead-1', fetchImpl)).toEqual({
      sent: true,
      providerMessageId: 'resend-id',
    })
    expect(sent[0]!.url).toBe('https://api.resend.com/emails')
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer re_test')
    expect(sent[0]!.headers.get('idempotency-key')).toBe('lead-1')
    expect(sent[0]!.body).toEqual({
      from: 'QuantEdge leads <leads@example.com>',
      to: ['sales@example.com'],
      reply_to: 'asha@example.com',
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    })
  })

  it('counts a key used before with another body as sent: the mail under that key went', async () => {
    const {fetchImpl} = answering(409, {
      statusCode: 409,
      name: 'invalid_idempotent_request',
      message: '…',
    })
    expect(await sendMail(resend, mail, 'lead-1', fetchImpl)).toMatchObject({sent: true})
  })

  // Resend's errors (https://resend.com/docs/api-reference/errors) that say "later", or that every lead would
  // get until a setting of ours is fixed.
  it.each([
    [409, {statusCode: 409, name: 'concurrent_idempotent_requests', message: '…'}],
    [429, {statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests'}],
    [429, {statusCode: 429, name: 'daily_quota_exceeded', message: '…'}],
    [401, {statusCode: 401, name: 'missing_api_key', message: 'Missing API key'}],
    [403, {statusCode: 403, name: 'invalid_api_key', message: 'API key is invalid'}],
    [403, {statusCode: 403, name: 'validation_error', message: 'The domain is not verified'}],
    [404, {statusCode: 404, name: 'not_found', message: 'The requested endpoint does not exist'}],
    [500, {statusCode: 500, name: 'internal_server_error', message: 'oops'}],
  ])('leaves the lead to be retried when Resend answers %i', async (status, body) => {
    const {fetchImpl} = answering(status, body)
    expect(await sendMail(resend, mail, 'lead-1', fetchImpl)).toEqual({
      sent: false,
      error: expect.stringContaining(`Resend answered ${status}`),
      permanent: false,
    })
  })

  // Resend's refusals of the mail itself: the same request would be refused again.
  it.each([
    [
      422,
      {
        statusCode: 422,
        name: 'validation_error',
        message:
          'Invalid `reply_to` field. The email address needs to follow the `email@example.com` format.',
      },
    ],
    [
      400,
      {
        statusCode: 400,
        name: 'validation_error',
        message: 'We found an error with one or more fields',
      },
    ],
    [422, {statusCode: 422, name: 'missing_required_field', message: 'Missing `to` field.'}],
  ])('ends the retries when Resend refuses the mail itself with %i', async (status, body) => {
    const {fetchImpl} = answering(status, body)
    expect(await sendMail(resend, mail, 'lead-1', fetchImpl)).toEqual({
      sent: false,
      error: `Resend answered ${status}: ${JSON.stringify(body)}`,
      permanent: true,
    })
  })

  it('leaves the lead to be retried when nothing answers', async () => {
    const failing = (() =>
      Promise.reject(new Error('connect ECONNREFUSED'))) as unknown as typeof fetch
    expect(await sendMail(resend, mail, 'lead-1', failing)).toEqual({
      sent: false,
      error: 'The mail API did not answer: connect ECONNREFUSED',
      permanent: false,
    })
  })
})

describe('a Mailpit-compatible API', () => {
  it('posts Mailpit’s shape with the Idempotency-Key, and takes its ID', async () => {
    const {sent, fetchImpl} = answering(200, {ID: 'mailpit-id'})
    expect(await sendMail(mailpit, mail, 'lead-2', fetchImpl)).toEqual({
      sent: true,
      providerMessageId: 'mailpit-id',
    })
    expect(sent[0]!.headers.get('idempotency-key')).toBe('lead-2')
    expect(sent[0]!.headers.get('authorization')).toBeNull()
    expect(sent[0]!.body).toEqual({
      From: {Email: 'leads@example.com', Name: 'QuantEdge leads'},
      To: [{Email: 'sales@example.com', Name: ''}],
      ReplyTo: [{Email: 'asha@example.com', Name: ''}],
      Subject: mail.subject,
      Text: mail.text,
      HTML: mail.html,
    })
  })

  // Mailpit answers 400 {Error} for every message it cannot build (server/apiv1/send.go).
  it('ends the retries when it refuses the mail (400 {Error})', async () => {
    const {fetchImpl} = answering(400, {Error: 'invalid Reply-To address: a@example.com>,<evil'})
    expect(await sendMail(mailpit, mail, 'lead-2', fetchImpl)).toEqual({
      sent: false,
      error:
        'The mail API answered 400: {"Error":"invalid Reply-To address: a@example.com>,<evil"}',
      permanent: true,
    })
  })

  it.each([
    [401, 'Unauthorised.'],
    [403, 'Blocked due to CORS violation'],
    [404, 'Not found'],
    [415, 'The send API takes a JSON body'],
  ])('leaves the lead to be retried when it refuses our setup (%i)', async (status, error) => {
    const {fetchImpl} = answering(status, {Error: error})
    expect(await sendMail(mailpit, mail, 'lead-2', fetchImpl)).toMatchObject({
      sent: false,
      permanent: false,
    })
  })
})

describe('settings', () => {
  const env: Record<string, string> = {
    SUPABASE_URL: 'https://project.supabase.co',
    SUPABASE_SERVICE_ROLE_KEY: 'service-key',
    LEADS_NOTIFY_TO: 'sales@example.com, owner@example.com',
    LEADS_NOTIFY_FROM: 'leads@example.com',
    RESEND_API_KEY: 're_key',
  }

  it('defaults to Resend’s API and reads a list of sales addresses', () => {
    expect(readSettings((name) => env[name])).toMatchObject({
      to: ['sales@example.com', 'owner@example.com'],
      mailApi: {kind: 'resend', url: 'https://api.resend.com/emails', key: 're_key'},
    })
  })

  // So that a refusal of the mail (which ends its retries) can only be about the lead, never our own addresses.
  it.each([
    ['LEADS_NOTIFY_TO', 'sales'],
    ['LEADS_NOTIFY_TO', 'sales@example.com, <owner>'],
    ['LEADS_NOTIFY_FROM', 'QuantEdge leads <leads>'],
  ])('refuses to run with %s "%s", which is no address', (name, value) => {
    expect(() => readSettings((setting) => (setting === name ? value : env[setting]))).toThrow(
      `${name} "`,
    )
  })

  it('takes a sender with a name', () => {
    const named: Record<string, string> = {
      ...env,
      LEADS_NOTIFY_FROM: 'QuantEdge leads <leads@example.com>',
    }
    expect(readSettings((name) => named[name]).from).toBe('QuantEdge leads <leads@example.com>')
  })

  it.each(['LEADS_NOTIFY_TO', 'LEADS_NOTIFY_FROM', 'RESEND_API_KEY', 'SUPABASE_SERVICE_ROLE_KEY'])(
    'refuses to run without %s, naming it',
    (missing) => {
      expect(() => readSettings((name) => (name === missing ? undefined : env[name]))).toThrow(
        `notify-staff needs the setting ${missing}`,
      )
    },
  )
})
