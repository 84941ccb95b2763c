// Campaign pages through the publish hook and the edge (Varnish), as marketing publishes them with no deploy: a new
// landing page answers at its address, an edit shows, a deleted one answers 404 and leaves the sitemap, a redirect
// answers from the edge; each publish purges exactly the addresses it changed. A landing page written through the
// API at a fixed page's address never replaces that page. The draft preview shows a page with a section it cannot
// show yet without that section, and its log says which and why.
import {Writable} from 'node:stream'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {previewLink} from '@quantedge/content/editor'
import {createLog} from '@quantedge/server-kit/log'
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import type {EdgeSync} from './edgeSync.ts'

let stack: EditorialStack
/** The draft preview's log entries, as the JSON lines it wrote. */
const previewEntries: Record<string, unknown>[] = []
beforeAll(async () => {
  const destination = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        previewEntries.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  stack = await startEditorialStack({
    edge: true,
    previewLog: createLog({level: 'info', format: 'json'}, destination).child({server: 'preview'}),
  })
}, 180_000)
afterAll(async () => {
  await stack?.close()
})

/** What the edge answers at `path`, its redirects not followed. */
async function throughEdge(path: string) {
  const response = await fetch(`${stack.edge!.url}${path}`, {redirect: 'manual'})
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  }
}

async function lastPurge() {
  const {edge} = (await (await fetch(stack.live.hook.url)).json()) as {
    edge: ReturnType<EdgeSync['status']>
  }
  return edge.lastDecision
}

const page = (id: string, slug: string, heading: string) => ({
  _id: id,
  _type: 'landingPage',
  title: heading,
  slug: {_type: 'slug', current: slug},
  seo: {
    _type: 'seo',
    title: heading,
    description: 'A campaign page of the publish hook tests, long enough to pass.',
  },
  sections: [
    {_key: 'hero', _type: 'hero', heading, tagline: 'Straddle and Strangle at ₹500 each.'},
    {
      _key: 'offer',
      _type: 'offerings',
      heading: 'On offer',
      items: [{_key: 'iv', _type: 'reference', _ref: 'indicator-iv'}],
    },
  ],
})

it('puts a new landing page live at its address, through the edge, and in the sitemap', async () => {
  expect((await throughEdge('/budget-day')).status).toBe(404)
  await stack.editor.create(page('lp-budget', 'budget-day', 'Budget day offer'))
  await expect
    .poll(async () => (await throughEdge('/budget-day')).body)
    .toContain('Budget day offer')
  expect((await throughEdge('/budget-day')).status).toBe(200)
  await expect
    .poll(async () => (await throughEdge('/sitemap.xml')).body)
    .toContain('/budget-day</loc>')
})

it('shows an edit through the edge, purging that page and nothing else', async () => {
  await stack.editor
    .patch('lp-budget')
    .set({'sections[_key=="hero"].heading': 'Budget day, extended'})
    .commit()
  await expect
    .poll(async () => (await throughEdge('/budget-day')).body)
    .toContain('Budget day, extended')
  expect((await lastPurge())?.tags).toEqual(['/budget-day'])
})

it('never lets a landing page take a fixed page’s address, whatever wrote it', async () => {
  const before = (await throughEdge('/contactus')).body
  await stack.editor.create(page('lp-clash', 'contactus', 'Not the contact page'))
  // The hook's next publish shows it has taken this one in: the page it renders is live.
  await stack.editor.create(page('lp-after', 'after-clash', 'After the clash'))
  await expect.poll(async () => (await throughEdge('/after-clash')).status).toBe(200)
  const contactus = await throughEdge('/contactus')
  expect(contactus.body).toBe(before)
  expect(contactus.body).not.toContain('Not the contact page')
})

it('answers 404 for a deleted landing page and takes it out of the sitemap', async () => {
  await stack.editor.delete('lp-budget')
  await expect.poll(async () => (await throughEdge('/budget-day')).status).toBe(404)
  expect((await throughEdge('/budget-day')).body).toContain('Page not found')
  await expect
    .poll(async () => (await throughEdge('/sitemap.xml')).body)
    .not.toContain('/budget-day</loc>')
})

it('answers a redirect made for the ended campaign from the edge, and purges its address when it changes', async () => {
  await stack.editor.create({
    _id: 'r-budget',
    _type: 'redirect',
    from: '/budget-day',
    to: '/tradingview',
    permanent: true,
  })
  await expect.poll(async () => (await throughEdge('/budget-day')).status).toBe(301)
  expect((await throughEdge('/budget-day')).location).toBe('/tradingview')
  await stack.editor.patch('r-budget').set({to: '/python', permanent: false}).commit()
  await expect.poll(async () => (await throughEdge('/budget-day')).location).toBe('/python')
  expect((await throughEdge('/budget-day')).status).toBe(302)
  expect((await lastPurge())?.tags).toEqual(['/budget-day'])
})

it('previews a draft without the section it cannot show yet, and the preview’s log says which and why', async () => {
  const unfinished = page('drafts.lp-unfinished', 'unfinished-offer', 'Unfinished offer')
  await stack.editor.create({
    ...unfinished,
    sections: [...unfinished.sections, {_key: 'form', _type: 'estimateForm'}],
  })
  const entry = await fetch(
    await previewLink(
      stack.editor,
      stack.preview.url,
      '/unfinished-offer',
      'http://localhost:3333',
    ),
    {redirect: 'manual'},
  )
  const cookie = entry.headers.get('set-cookie')!.split(';')[0]!
  const answer = await fetch(`${stack.preview.url}/unfinished-offer`, {headers: {cookie}})
  expect(answer.status).toBe(200)
  const body = await answer.text()
  expect(body).toContain('Unfinished offer')
  expect(body).not.toContain('class="estimate-form"')
  expect(previewEntries).toContainEqual(
    expect.objectContaining({
      level: 'warn',
      server: 'preview',
      requestId: answer.headers.get('x-request-id'),
      landingPage: expect.stringContaining('lp-unfinished'),
      msg: 'landing page: section 3 left out: an estimate form needs a heading',
    }),
  )
})
