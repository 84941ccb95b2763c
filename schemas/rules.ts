// Validation rules shared by several content types, so a marketer meets the same limits everywhere.
import type {NumberRule, SlugRule, StringRule, UrlRule} from 'sanity'

/** A price in whole Indian rupees: required, positive, no paise. */
export const rupeePrice = (rule: NumberRule) =>
  rule
    .required()
    .integer()
    .positive()
    .max(10_000_000)
    .error('A price is a positive whole number of rupees.')

/** Public links leave the site only over https. */
export const httpsUrl = (rule: UrlRule) => rule.required().uri({scheme: ['https']})

/** Media may be an https URL or a file the site itself serves (a path starting with /). */
export const mediaUrl = (rule: UrlRule) => rule.uri({scheme: ['https'], allowRelative: true})

/** Short text that sits on a card or a button; the limit keeps the layout intact. */
export const shortText = (max: number) => (rule: StringRule) => rule.required().max(max)

/** Cards and lists are sorted by this number, lowest first. */
export const sortOrder = {
  name: 'order',
  title: 'Order',
  type: 'number',
  description: 'Position in lists and grids, lowest first.',
  validation: (rule: NumberRule) => rule.required().integer().min(0),
} as const

/** Slugs are required; Sanity's slug type adds its own check that the slug is unique within the type. */
export const requiredSlug = (rule: SlugRule) => rule.required()
