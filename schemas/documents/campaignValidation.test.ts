// The Studio's validation of campaign content, by Sanity's validator on the compiled schema with a real client
// against a seeded throwaway lake (the rules that query: taken slugs, published references, other redirects): a
// landing page's address, its sections and what they reference, a redirect's paths and loops.
import type {SanityClient} from '@sanity/client'
import {validateDocumentWithWorkspace} from '@sanity/validation'
import {getFallbackLocaleSource} from '@sanity/validation/_internal'
import type {SanityDocument} from '@sanity/types'
import {createSchema} from 'sanity'
import {
  startTestLake,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'
import {seedDocuments} from '@quantedge/seed/documents'
import {seedContentLake} from '@quantedge/seed'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {schemaTypes} from '../index.ts'

const schema = createSchema({name: 'default', types: schemaTypes})
let lake: TestLake
let client: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  client = testLakeClient(lake.url)
  await seedContentLake(client, seedDocuments)
  await client
    .transaction()
    .create({_id: 'drafts.indicator-unpublished', _type: 'indicator', name: 'Draft only'})
    .create({_id: 'redirect-a', _type: 'redirect', from: '/loop-a', to: '/loop-b', permanent: true})
    .commit()
})
afterAll(() => lake.close())

const stored = (doc: Record<string, unknown>): SanityDocument =>
  ({
    _createdAt: '2026-11-20T00:00:00Z',
    _updatedAt: '2026-11-20T00:00:00Z',
    _rev: 'test',
    ...doc,
  }) as SanityDocument

/**
 * Every message the validator raises, with the field it is on, as the Studio runs it: with its workspace, in the
 * `studio` environment. (`validateDocument` runs as the CLI does, which adds a check for unknown fields to every
 * object's rules as a warning, and so makes a slug's errors warnings.)
 */
async function problemsOf(doc: Record<string, unknown>) {
  const markers = await validateDocumentWithWorkspace({
    document: stored(doc),
    workspace: {
      schema,
      getClient: ({apiVersion}) => client.withConfig({apiVersion}),
      i18n: getFallbackLocaleSource(),
    },
  })
  return markers.map(({path, message, level}) => ({
    field: path.map((step) => (typeof step === 'object' ? '[]' : String(step))).join('.'),
    message,
    level,
  }))
}

const example = seedDocuments.find((doc) => doc._type === 'landingPage')!
const page = (change: Record<string, unknown>) => ({
  ...example,
  _id: 'drafts.landing-new',
  slug: {_type: 'slug', current: 'budget-day'},
  ...change,
})

describe('a landing page', () => {
  it('passes as the example is written, at a free address', async () => {
    expect(await problemsOf(page({}))).toEqual([])
  })

  it.each([
    ['contactus', "/contactus is one of the site's own pages."],
    ['sitemap.xml', "/sitemap.xml is one of the site's own pages."],
    ['staff', "/staff is one of the site's own pages."],
    ['assets', '/assets is kept by the site for itself.'],
    [
      'Diwali Offer',
      'A slug is lowercase letters and digits, in words joined by single hyphens (diwali-offer).',
    ],
    ['example-festival-offer', 'Slug is already in use'],
  ])('is refused the address /%s', async (slug, message) => {
    expect(await problemsOf(page({slug: {_type: 'slug', current: slug}}))).toEqual([
      {field: 'slug', message, level: 'error'},
    ])
  })

  it('needs a section', async () => {
    expect(await problemsOf(page({sections: []}))).toEqual([
      {field: 'sections', message: 'A landing page needs at least one section.', level: 'error'},
    ])
  })

  it('names a section type it does not know', async () => {
    const sections = [
      ...(example.sections ?? []),
      {_key: 'x', _type: 'carousel', heading: 'Slides'},
    ]
    expect(await problemsOf(page({sections}))).toContainEqual({
      field: 'sections',
      message: 'Unknown section type(s): carousel. Remove them.',
      level: 'error',
    })
  })

  it('refuses offerings that point at an unpublished draft or at nothing', async () => {
    const offerings = {
      _key: 'offer',
      _type: 'offerings',
      heading: 'On offer',
      items: [
        {_key: 'draft', _type: 'reference', _ref: 'indicator-unpublished'},
        {_key: 'gone', _type: 'reference', _ref: 'indicator-deleted-long-ago'},
        {_key: 'fine', _type: 'reference', _ref: 'indicator-iv'},
      ],
    }
    const message = 'Referenced document must be published'
    expect(await problemsOf(page({sections: [offerings]}))).toEqual([
      {field: 'sections.[].items.[]', message, level: 'error'},
      {field: 'sections.[].items.[]', message, level: 'error'},
    ])
  })

  it('refuses a button without where it leads, and a link that is neither a path, a section nor https', async () => {
    const hero = {_key: 'h', _type: 'hero', heading: 'Offer', tagline: 'Now on', actionLabel: 'Go'}
    const cta = {_key: 'c', _type: 'callToAction', label: 'Go', href: 'javascript:alert(1)'}
    const messages = (await problemsOf(page({sections: [hero, cta]}))).map(({message}) => message)
    expect(messages).toEqual([
      'A button needs where it leads as well as a label.',
      'Start a path on this site with / (such as /contactus), a section of this page with # (#estimate), or give an https address.',
    ])
  })
})

describe('a redirect', () => {
  const redirect = (from: string, to: string) => ({
    _id: 'drafts.redirect-new',
    _type: 'redirect',
    from,
    to,
    permanent: true,
  })

  it('passes from a free path to a page or an https address', async () => {
    expect(await problemsOf(redirect('/diwali-2025', '/tradingview'))).toEqual([])
    expect(await problemsOf(redirect('/dm', 'https://t.me/quantedge'))).toEqual([])
  })

  it("is refused from a fixed page's path, and from a path another redirect starts at", async () => {
    expect(await problemsOf(redirect('/tradingview', '/python'))).toEqual([
      {
        field: 'from',
        message: "/tradingview is (or is under) one of the site's own pages.",
        level: 'error',
      },
    ])
    expect(await problemsOf(redirect('/loop-a', '/python'))).toEqual([
      {field: 'from', message: 'Another redirect already starts at /loop-a.', level: 'error'},
    ])
  })

  it('is refused when it closes a loop with the published ones', async () => {
    expect(await problemsOf(redirect('/loop-b', '/loop-a'))).toEqual([
      {
        field: 'to',
        message:
          'Redirecting /loop-b to /loop-a makes a loop with the published redirects: a visitor would go round forever.',
        level: 'error',
      },
    ])
  })

  it('warns that a published landing page at its path wins', async () => {
    expect(await problemsOf(redirect('/example-festival-offer', '/tradingview'))).toEqual([
      {
        field: 'from',
        message:
          'A published landing page is at /example-festival-offer: it is served, not this redirect, until it is deleted.',
        level: 'warning',
      },
    ])
  })
})
