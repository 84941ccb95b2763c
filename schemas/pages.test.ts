// The Studio's page choices agree with the page list, their one source: the fixed documents that hold each
// page's copy, and the pages a home-page card may link to.
import {describe, expect, it} from 'vitest'
import {legalPageIds, sitePageId, sitePageRoutes} from './fixedDocuments.ts'
import {schemaTypes} from './index.ts'
import {pages, type Page} from './pages.ts'

const listed: readonly Page[] = pages
const namesWithCopy = (copy: Page['copy']) =>
  listed.filter((page) => page.copy === copy).map(({path}) => path.slice(1))

type Choice = string | {value: string}
type Field = {name: string; options?: {list?: Choice[]}}
const choicesOf = (type: string, field: string) =>
  (
    (schemaTypes.find(({name}) => name === type) as {fields: Field[]}).fields.find(
      ({name}) => name === field,
    )?.options?.list ?? []
  ).map((choice) => (typeof choice === 'string' ? choice : choice.value))

describe("the Studio's page choices", () => {
  it('offer a page document for every page whose copy is a sitePage, and no other', () => {
    expect(choicesOf('sitePage', 'route')).toEqual(namesWithCopy('sitePage'))
    expect(sitePageRoutes.map(({value}) => sitePageId(value))).toEqual(
      namesWithCopy('sitePage').map((name) => `sitePage-${name}`),
    )
  })

  it('keep a legal text for every page whose copy is a legalPage, and no other', () => {
    expect(legalPageIds.map(({id, slug}) => [id, slug])).toEqual(
      namesWithCopy('legalPage').map((slug) => [`legalPage-${slug}`, slug]),
    )
  })

  it("link the home page's integration cards only to pages of the list", () => {
    const paths = listed.map(({path}) => path)
    for (const route of choicesOf('integrationCard', 'route')) expect(paths).toContain(route)
  })
})
