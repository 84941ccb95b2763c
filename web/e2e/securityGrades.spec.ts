// MDN HTTP Observatory's own tests (its npm package's analyzer, test-support's observatory.ts) over the answers of
// the site, the draft preview and the Studio on a throwaway stack: the site A+ on every test its origin answers,
// and with HSTS and the https redirect where TLS ends (the edge, told the scheme by X-Forwarded-Proto); the
// preview and the Studio at least A.
import {startEditorialStack, type EditorialStack} from '@quantedge/test-support/editorialStack'
import {
  gradeLine,
  observatoryGrade,
  type ObservatoryGrade,
} from '@quantedge/test-support/observatory'
import {expect, test} from './support/fixtures.ts'

test.describe.configure({mode: 'serial'})

let stack: EditorialStack
test.beforeAll(async () => {
  test.setTimeout(300_000)
  stack = await startEditorialStack({studio: true, edge: true})
})
test.afterAll(async () => {
  await stack?.close()
})

const resultOf = (grade: ObservatoryGrade, name: string) =>
  grade.tests.find((candidate) => candidate.name === name)?.result

test('the site: A+ on every test its pages answer, with the strictest policy the Observatory knows', async () => {
  for (const path of ['/', '/tradingview', '/contactus', '/staff', '/no-such-page']) {
    const grade = await observatoryGrade(`${stack.live.site.url}${path}`)
    expect(grade.grade, `${path}: ${gradeLine(grade)}`).toBe('A+')
    expect(grade.score).toBeGreaterThanOrEqual(100)
    expect(
      grade.tests.every(({modifier}) => modifier >= 0),
      gradeLine(grade),
    ).toBe(true)
    expect(resultOf(grade, 'contentSecurityPolicyTest')).toBe(
      'csp-implemented-with-no-unsafe-default-src-none',
    )
    expect(resultOf(grade, 'xFrameOptionsTest')).toBe('x-frame-options-implemented-via-csp')
  }
})

test('the site through its TLS edge: HSTS for six months and more, and http sent to https', async () => {
  const edge = stack.edge!.url
  const grade = await observatoryGrade(`${edge}/tradingview`, `${edge}/tradingview`)
  expect(grade.grade, gradeLine(grade)).toBe('A+')
  expect(resultOf(grade, 'strictTransportSecurityTest')).toBe(
    'hsts-implemented-max-age-at-least-six-months',
  )
  expect(resultOf(grade, 'redirectionTest')).toBe('redirection-to-https')
  // A visitor reaching the edge without a TLS terminator in front sends no such header: no HSTS, no redirect.
  const plain = await fetch(`${edge}/tradingview`)
  expect(plain.status).toBe(200)
  expect(plain.headers.get('strict-transport-security')).toBeNull()
})

test('the draft preview and the Studio: at least A', async () => {
  for (const url of [`${stack.preview.url}/tradingview`, `${stack.studio!.url}/structure`]) {
    const grade = await observatoryGrade(url)
    expect(grade.score, `${url}: ${gradeLine(grade)}`).toBeGreaterThanOrEqual(90)
    expect(grade.grade).toMatch(/^A/)
    expect(resultOf(grade, 'contentSecurityPolicyTest')).toMatch(/^csp-implemented-with/)
  }
})
