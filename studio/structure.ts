// The Studio's desk: singletons and fixed pages as single items, the catalogue grouped, then the campaign pages
// and redirects marketing makes, legal texts last.
import {CogIcon} from '@sanity/icons/Cog'
import {DocumentIcon} from '@sanity/icons/Document'
import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {HomeIcon} from '@sanity/icons/Home'
import type {StructureResolver} from 'sanity/structure'
import {legalPageIds, sitePageId, sitePageRoutes} from '@quantedge/schemas'

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Site settings')
        .icon(CogIcon)
        .child(
          S.document().schemaType('siteSettings').documentId('siteSettings').title('Site settings'),
        ),
      S.listItem()
        .title('Home page')
        .icon(HomeIcon)
        .child(S.document().schemaType('homePage').documentId('homePage').title('Home page')),
      S.listItem()
        .title('Pages')
        .icon(DocumentIcon)
        .child(
          S.list()
            .title('Pages')
            .items(
              sitePageRoutes.map(({title, value}) =>
                S.listItem()
                  .id(sitePageId(value))
                  .title(title)
                  .child(
                    S.document().schemaType('sitePage').documentId(sitePageId(value)).title(title),
                  ),
              ),
            ),
        ),
      S.divider(),
      S.documentTypeListItem('indicator').title('TradingView indicators'),
      S.documentTypeListItem('toolkitModule').title('Python toolkit modules'),
      S.documentTypeListItem('automationService').title('Tradetron services'),
      S.documentTypeListItem('plan').title('Plans'),
      S.divider(),
      S.documentTypeListItem('landingPage').title('Landing pages'),
      S.documentTypeListItem('redirect').title('Redirects'),
      S.divider(),
      S.listItem()
        .title('Legal texts')
        .icon(DocumentTextIcon)
        .child(
          S.list()
            .title('Legal texts')
            .items(
              legalPageIds.map(({title, id}) =>
                S.listItem()
                  .id(id)
                  .title(title)
                  .child(S.document().schemaType('legalPage').documentId(id).title(title)),
              ),
            ),
        ),
    ])
