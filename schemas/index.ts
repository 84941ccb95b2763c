// The content model: every document and object type the Studio edits and the site reads.
import {automationService} from './documents/automationService.ts'
import {homePage} from './documents/homePage.ts'
import {indicator} from './documents/indicator.ts'
import {landingPage} from './documents/landingPage.ts'
import {legalPage} from './documents/legalPage.ts'
import {plan} from './documents/plan.ts'
import {redirect} from './documents/redirect.ts'
import {siteSettings} from './documents/siteSettings.ts'
import {sitePage} from './documents/sitePage.ts'
import {toolkitModule} from './documents/toolkitModule.ts'
import {demoVideo} from './objects/demoVideo.ts'
import {integrationCard} from './objects/integrationCard.ts'
import {richText} from './objects/richText.ts'
import {sectionTypes} from './objects/sections/index.ts'
import {seo} from './objects/seo.ts'
import {socialProfile} from './objects/socialProfile.ts'

export {fixedDocumentTypes, legalPageIds, sitePageId, sitePageRoutes} from './fixedDocuments.ts'

export const schemaTypes = [
  siteSettings,
  homePage,
  sitePage,
  indicator,
  toolkitModule,
  automationService,
  plan,
  legalPage,
  landingPage,
  redirect,
  demoVideo,
  integrationCard,
  richText,
  seo,
  socialProfile,
  ...sectionTypes,
]
