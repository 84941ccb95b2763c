// Everything the seed writes: the spec's values, in the order an editor would meet them in the Studio.
import {automationServices, toolkitModules} from './content/catalogue.ts'
import {homePage} from './content/homePage.ts'
import {indicators} from './content/indicators.ts'
import {exampleLandingPage} from './content/landingPages.ts'
import {legalPages} from './content/legalPages.ts'
import {plans} from './content/plans.ts'
import {siteSettings} from './content/siteSettings.ts'
import {sitePages} from './content/sitePages.ts'

export const seedDocuments = [
  siteSettings,
  homePage,
  ...sitePages,
  ...indicators,
  ...toolkitModules,
  ...automationServices,
  ...plans,
  ...legalPages,
  exampleLandingPage,
]
