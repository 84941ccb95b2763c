// Every route shows its heading and its seeded content, prerendered from the CMS.
import {sitemapPaths} from '@quantedge/schemas/pages'
import {expect, openHydrated, test} from './support/fixtures.ts'
import {firstParagraph, legalPage, seed, sitePage} from './support/seed.ts'

test('home: hero, integrations linking the three catalogue pages, and plans at ₹3,300/month', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', {level: 1, name: 'Elevate Your Trading'})).toBeVisible()
  await expect(page.getByText('Smooth, subtle insights at every glance.')).toBeVisible()
  await expect(page.getByRole('link', {name: 'Get Started'})).toHaveAttribute('href', '/#services')

  const integrations = page.locator('section#services')
  await expect(integrations.getByRole('heading', {level: 2})).toHaveText('Our Integrations')
  for (const [name, href, text] of [
    ['TradingView', '/tradingview', 'Seamlessly embed and customize charts'],
    ['Python', '/python', 'Build custom indicators and backtests'],
    ['Tradetron', '/tradetron', 'Automate your trading strategies'],
  ]) {
    await expect(integrations.getByRole('link', {name, exact: true})).toHaveAttribute('href', href!)
    await expect(integrations.getByText(text!)).toBeVisible()
  }

  const plans = page.locator('section#subscribe')
  await expect(plans.getByRole('heading', {level: 2})).toHaveText('Activate Your Quant Metrics')
  await expectPlanCards(plans)
})

test('subscribe: the same plan cards as the home page', async ({page}) => {
  await page.goto('/subscribe')
  await expect(page.getByRole('heading', {level: 1})).toHaveText(sitePage('subscribe').title)
  await expectPlanCards(page.locator('main'))
})

async function expectPlanCards(scope: import('@playwright/test').Locator) {
  await expect(scope.getByText('₹3,300/month')).toHaveCount(2)
  for (const plan of seed.plans) {
    const card = scope.locator('li.plan-card', {
      has: scope.page().getByRole('heading', {name: plan.title}),
    })
    for (const feature of plan.features) await expect(card.getByText(feature)).toBeVisible()
    const subscribe = card.getByRole('link', {name: /^Subscribe/})
    await expect(subscribe).toHaveAttribute('href', seed.siteSettings.socialProfileUrl)
    await expect(subscribe).toHaveAttribute('target', '_blank')
    await expect(subscribe).toHaveAttribute('rel', /noopener/)
  }
}

test('tradingview: six indicators with description, demo and Buy Now at ₹500', async ({page}) => {
  await page.goto('/tradingview')
  await expect(page.getByRole('heading', {level: 1})).toHaveText('TradingView Indicators')
  const cards = page.locator('li.indicator-card')
  await expect(cards).toHaveCount(6)
  for (const [index, indicator] of seed.indicators.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('heading')).toHaveText(indicator.name)
    await expect(card.getByText(indicator.description)).toBeVisible()
    await expect(card.getByText('₹500')).toBeVisible()
    await expect(card.getByRole('button', {name: `Play the ${indicator.name} demo`})).toBeVisible()
    await expect(card.getByRole('button', {name: `Buy Now ${indicator.name}`})).toBeVisible()
  }
})

for (const {route, heading, items, href} of [
  {
    route: 'python',
    heading: 'Backtesting & Strategy Toolkit',
    items: seed.toolkitModules,
    href: seed.siteSettings.directMessageUrl,
  },
  {
    route: 'tradetron',
    heading: 'Tradetron Automation Services',
    items: seed.automationServices,
    href: seed.siteSettings.socialProfileUrl,
  },
]) {
  test(`${route}: six cards whose Explore opens ${route === 'python' ? 'a direct message' : 'the social profile'}`, async ({
    page,
  }) => {
    await page.goto(`/${route}`)
    await expect(page.getByRole('heading', {level: 1})).toHaveText(heading)
    const cards = page.locator('main li.card')
    await expect(cards).toHaveCount(6)
    for (const [index, item] of items.entries()) {
      await expect(cards.nth(index).getByRole('heading')).toHaveText(item.name)
      await expect(cards.nth(index).getByText(item.description)).toBeVisible()
      const explore = cards
        .nth(index)
        .getByRole('link', {name: `Explore ${item.name}`, exact: false})
      await expect(explore).toHaveAttribute('href', href)
      await expect(explore).toHaveAttribute('target', '_blank')
    }
  })
}

test('quantmetrics: the coming-soon placeholder', async ({page}) => {
  await page.goto('/quantmetrics')
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Quant Metrics Coming Soon…')
})

test('teampage: a trading toolkit partner, not a marketplace, with a follow link', async ({
  page,
}) => {
  await page.goto('/teampage')
  await expect(page.getByRole('heading', {level: 1})).toHaveText(sitePage('teampage').title)
  await expect(page.getByText('trading toolkit partner, not a marketplace')).toBeVisible()
  const follow = page.getByRole('link', {name: /^Follow us/})
  await expect(follow).toHaveAttribute('href', seed.siteSettings.socialProfileUrl)
  await expect(follow).toHaveAttribute('target', '_blank')
})

test('contactus: the estimate page heading and introduction', async ({page}) => {
  await page.goto('/contactus')
  await expect(page.getByRole('heading', {level: 1})).toHaveText(sitePage('contactus').title)
  await expect(page.getByText(sitePage('contactus').intro)).toBeVisible()
})

for (const slug of ['privacy', 'terms', 'disclaimer']) {
  test(`${slug}: the legal text from Portable Text`, async ({page}) => {
    const legal = legalPage(slug)
    await page.goto(`/${slug}`)
    await expect(page.getByRole('heading', {level: 1})).toHaveText(legal.title)
    await expect(page.getByText(firstParagraph(legal.body))).toBeVisible()
  })
}

test('disclaimer: not a registered advisory entity; risk of total loss', async ({page}) => {
  await page.goto('/disclaimer')
  await expect(page.locator('main')).toContainText('not a registered advisory entity')
  await expect(page.locator('main')).toContainText('loss of your entire capital')
})

test('every page has a title, a description, a canonical URL and Open Graph tags from the CMS', async ({
  page,
}) => {
  await page.goto('/tradingview')
  const seo = sitePage('tradingview').seo
  await expect(page).toHaveTitle(seo.title)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', seo.description)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${seed.siteSettings.siteUrl}/tradingview`,
  )
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', seo.title)
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    `${seed.siteSettings.siteUrl}/tradingview`,
  )
})

test('sitemap.xml lists every public page and robots.txt points at it', async ({request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const path of [
    '/',
    '/tradingview',
    '/python',
    '/tradetron',
    '/contactus',
    '/subscribe',
    '/quantmetrics',
    '/teampage',
    '/privacy',
    '/terms',
    '/disclaimer',
  ]) {
    expect(sitemap).toContain(`<loc>${new URL(path, seed.siteSettings.siteUrl).href}</loc>`)
  }
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${seed.siteSettings.siteUrl}/sitemap.xml`)
  expect((await request.get('/favicon.svg')).status()).toBe(200)
})

test('every route hydrates without an error in the console', async ({page}) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  for (const path of sitemapPaths) {
    await openHydrated(page, path)
  }
  expect(problems).toEqual([])
})
