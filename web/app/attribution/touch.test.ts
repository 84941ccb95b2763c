// What a landing says of where the visit came from, and nothing a link could smuggle past the table's bounds.
import {expect, it} from 'vitest'
import {campaignValue, directTouch, pagePath, touchOf} from './touch.ts'

const at = (url: string) => new URL(url)

it('reads a campaign link’s UTM parameters, with the landing page and no query string', () => {
  expect(
    touchOf(
      at(
        'https://quantedge.in/tradingview?utm_source=instagram&utm_medium=social&utm_campaign=diwali&utm_term=straddle&utm_content=reel-1',
      ),
      'https://l.instagram.com/',
    ),
  ).toEqual({
    source: 'instagram',
    medium: 'social',
    campaign: 'diwali',
    term: 'straddle',
    content: 'reel-1',
    click_id: null,
    landing_page: '/tradingview',
    referrer_host: 'l.instagram.com',
  })
})

it('names a click id’s network as the source when the link has no utm_source', () => {
  expect(touchOf(at('https://quantedge.in/?gclid=Cj0KCQ_abc-123'), '')).toMatchObject({
    source: 'gclid',
    click_id: 'gclid:Cj0KCQ_abc-123',
  })
  expect(touchOf(at('https://quantedge.in/?fbclid=IwAR2x&utm_source=facebook'), '')).toMatchObject({
    source: 'facebook',
    click_id: 'fbclid:IwAR2x',
  })
})

it('takes another site that sent the visitor as a referral, and our own pages or a typed address as nothing new', () => {
  expect(
    touchOf(at('https://quantedge.in/python'), 'https://www.youtube.com/watch?v=x'),
  ).toMatchObject({
    source: 'www.youtube.com',
    medium: 'referral',
    landing_page: '/python',
    referrer_host: 'www.youtube.com',
  })
  expect(touchOf(at('https://quantedge.in/python'), 'https://quantedge.in/')).toBeNull()
  expect(touchOf(at('https://quantedge.in/python'), '')).toBeNull()
  expect(directTouch(at('https://quantedge.in/python'))).toMatchObject({
    source: '(direct)',
    medium: '(none)',
    landing_page: '/python',
  })
})

it('turns markup, quotes and anything else the table refuses into hyphens, and cuts to its lengths', () => {
  expect(campaignValue('<script>alert("x")</script>')).toBe('-script-alert--x---/script-')
  expect(campaignValue('=HYPERLINK("http://evil")')).toBe('-HYPERLINK--http://evil--')
  expect(campaignValue('x'.repeat(300))).toHaveLength(100)
  expect(campaignValue('   ')).toBeNull()
  expect(pagePath('/tradingview"><img src=x>')).toBe('/tradingview')
  expect(pagePath('/a'.repeat(200))).toHaveLength(200)
  const touch = touchOf(
    at('https://quantedge.in/?utm_source=%3Cb%3Eig%3C%2Fb%3E&fbclid=a%3Cb'),
    'javascript:x',
  )
  expect(touch).toMatchObject({source: '-b-ig-/b-', click_id: 'fbclid:ab', referrer_host: null})
})
