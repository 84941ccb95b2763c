// The security headers as a reviewer grades them: MDN HTTP Observatory's own tests (test-support's observatory.ts)
// over a throwaway stack's answers: the site's pages from the origin, the site through its TLS edge (HSTS and the
// https redirect included), the draft preview and the Studio.
import {startEditorialStack} from '@quantedge/test-support/editorialStack'
import {observatoryGrade, type ObservatoryGrade} from '@quantedge/test-support/observatory'

export type SecurityRow = {what: string; grade: ObservatoryGrade}

export async function benchSecurity(): Promise<SecurityRow[]> {
  const stack = await startEditorialStack({studio: true, edge: true})
  try {
    const site = stack.live.site.url
    const edge = stack.edge!.url
    const rows: [string, string, string?][] = [
      ['the site: / (origin)', `${site}/`],
      ['the site: /tradingview (origin)', `${site}/tradingview`],
      ['the site: /contactus (origin)', `${site}/contactus`],
      ['the site: /staff (origin)', `${site}/staff`],
      ['the site: /tradingview through the TLS edge', `${edge}/tradingview`, `${edge}/tradingview`],
      ['the draft preview', `${stack.preview.url}/tradingview`],
      ['the Studio', `${stack.studio!.url}/structure`],
    ]
    const graded: SecurityRow[] = []
    for (const [what, url, tlsEdge] of rows)
      graded.push({what, grade: await observatoryGrade(url, tlsEdge)})
    return graded
  } finally {
    await stack.close()
  }
}

export const securityTable = (rows: SecurityRow[]) =>
  [
    '| answer | grade | score | tests passed | below zero |',
    '|---|---|---|---|---|',
    ...rows.map(
      ({what, grade}) =>
        `| ${what} | ${grade.grade} | ${grade.score} | ${grade.tests.filter(({pass}) => pass).length} of ${grade.tests.length} | ${
          grade.tests
            .filter(({modifier}) => modifier < 0)
            .map(({result, modifier}) => `${result} (${modifier})`)
            .join(', ') || 'none'
        } |`,
    ),
  ].join('\n')

export function securityTargetsMissed(rows: SecurityRow[]) {
  return rows.flatMap(({what, grade}) => {
    const target = what.startsWith('the site') ? 100 : 90
    return grade.score < target
      ? [`${what}: ${grade.grade} (${grade.score}), target ${target}`]
      : []
  })
}
