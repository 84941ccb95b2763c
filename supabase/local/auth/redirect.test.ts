// Where e-mailed links may send the browser: GoTrue's rules on parsed URLs, and the evil redirect_to of a
// password reset landing on the site URL through the real supabase-js and the mailed link.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  latestLink,
  startTestSupabase,
  visitorClient,
  type TestSupabase,
} from '../testing/testSupabase.ts'
import {globPattern, isAllowedRedirect} from './redirect.ts'

const rules = {
  siteUrl: 'http://localhost:3000',
  allowList: ['https://quantedge.example/account/*', 'https://*.preview.example/**'].map(
    globPattern,
  ),
}

describe('isAllowedRedirect', () => {
  it.each([
    ['http://localhost:3000/account/confirmed', true],
    ['http://localhost:4173/account/confirmed', true],
    ['http://127.0.0.1:61234/account/reset-password', true],
    ['http://127.0.0.2:5000/', true],
    ['https://quantedge.example/account/confirmed', true],
    ['https://pr-12.preview.example/account/reset-password?x=1', true],
    ['http://localhost:3000@evil.example/', false],
    ['http://localhost:3000%40evil.example/', false],
    ['http://evil.example\\@localhost:3000/', false],
    ['https://quantedge.example.evil.example/account/confirmed', false],
    ['https://quantedge.example/account/confirmed/../../steal', false],
    ['https://evil.example/https://quantedge.example/account/x', false],
    ['https://a.b.preview.example/', false],
    ['https://localhost:3000/', false],
    ['http://10.0.0.1/', false],
    ['javascript:alert(1)//localhost:3000', false],
    ['/account/confirmed', false],
    ['', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedRedirect(url, rules)).toBe(allowed)
  })

  it('reads globs as GoTrue does: * stops at . and /, ** does not, ? is one character', () => {
    expect(globPattern('https://*.example/*').test('https://a.example/b')).toBe(true)
    expect(globPattern('https://*.example/*').test('https://a.b.example/b')).toBe(false)
    expect(globPattern('https://*.example/*').test('https://a.example/b/c')).toBe(false)
    expect(globPattern('https://a.example/**').test('https://a.example/b/c.d')).toBe(true)
    expect(globPattern('https://a?.example/').test('https://ab.example/')).toBe(true)
    expect(globPattern('https://{a,b}.example/').test('https://b.example/')).toBe(true)
    expect(globPattern('https://a.example/').test('https://aXexample/')).toBe(false)
  })
})

describe('through supabase-js and the mailed link', () => {
  let supabase: TestSupabase
  beforeAll(async () => {
    supabase = await startTestSupabase()
    await visitorClient(supabase.url).auth.signUp({
      email: 'reset@example.com',
      password: 'secret123',
    })
    await fetch(await latestLink(supabase.mailboxUrl, 'reset@example.com'), {redirect: 'manual'})
  })
  afterAll(() => supabase.close())

  it('sends a reset link asked with redirect_to=http://localhost:3000@evil.example/ to the site URL', async () => {
    const {error} = await visitorClient(supabase.url).auth.resetPasswordForEmail(
      'reset@example.com',
      {redirectTo: 'http://localhost:3000@evil.example/'},
    )
    expect(error).toBeNull()
    const link = new URL(await latestLink(supabase.mailboxUrl, 'reset@example.com'))
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000')
    const opened = await fetch(link, {redirect: 'manual'})
    expect(opened.status).toBe(303)
    const location = new URL(opened.headers.get('location')!)
    expect(location.host).toBe('localhost:3000')
    expect(location.hash).toMatch(/access_token=.+type=recovery/)
  })

  it('keeps an allowed redirect, and takes the site URL for a forged one on the link itself', async () => {
    const link = new URL(
      `${supabase.url}/auth/v1/verify?type=recovery&token=nope&redirect_to=${encodeURIComponent('http://localhost:3000@evil.example/')}`,
    )
    const forged = await fetch(link, {redirect: 'manual'})
    expect(forged.headers.get('location')).toMatch(/^http:\/\/localhost:3000#error=access_denied/)
    link.searchParams.set('redirect_to', 'http://localhost:3000/account/reset-password')
    const allowed = await fetch(link, {redirect: 'manual'})
    expect(allowed.headers.get('location')).toMatch(
      /^http:\/\/localhost:3000\/account\/reset-password#error=/,
    )
  })
})
