// The sections a landing page is composed of, in the order the Studio's insert menu offers them.
import {callToAction} from './callToAction.ts'
import {estimateForm} from './estimateForm.ts'
import {hero} from './hero.ts'
import {offerings} from './offerings.ts'
import {textSection} from './textSection.ts'

export const sectionTypes = [hero, offerings, textSection, estimateForm, callToAction]

/** The section types' names: what a landing page's `sections` may hold. */
export const SECTION_TYPE_NAMES: readonly string[] = sectionTypes.map(({name}) => name)
