// In the preview, strings from the CMS carry invisible stega markers that let visual editing find their
// source. Text shown to a person keeps them; any value the code compares, parses or links to is cleaned
// first. On the public site the markers are never added and cleaning changes nothing: its build (SITE_PREVIEW
// false, web/vite.config.ts) leaves the cleaner out of every page's JavaScript (0.3-0.4 KB gzip).
import {stegaClean, type StegaCleaned} from '@sanity/client/stega'

/** A value of the public site's content: it carries no markers, so it is its own cleaned form. */
const unmarked = <Result>(value: Result) => value as StegaCleaned<Result>

/**
 * Only the preview's build cleans: not the public site's, nor code run outside a Vite build (without
 * `import.meta.env`, as the browser tests' own imports are), where no value carries markers.
 */
export const clean = import.meta.env && import.meta.env.SITE_PREVIEW ? stegaClean : unmarked
