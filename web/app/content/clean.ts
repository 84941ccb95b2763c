// In the preview, strings from the CMS carry invisible stega markers that let visual editing find their
// source. Text shown to a person keeps them; any value the code compares, parses or links to is cleaned
// first. On the public site the markers are never added and cleaning changes nothing: its build (SITE_PREVIEW
// false, web/vite.config.ts) cleans with nothing, and every page's JavaScript is a kilobyte lighter without the
// cleaner.
import {stegaClean, type StegaCleaned} from '@sanity/client/stega'

/** A value of the public site's content: it carries no markers, so it is its own cleaned form. */
const unmarked = <Result>(value: Result) => value as StegaCleaned<Result>

export const clean = import.meta.env.SITE_PREVIEW ? stegaClean : unmarked
