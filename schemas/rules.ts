// Validation rules shared by several content types, so a marketer meets the same limits everywhere.
import type {NumberRule, SlugRule, StringRule, UrlRule} from 'sanity'

const PRICE_MESSAGE = 'A price is a positive whole number of rupees.'

/**
 * A price in whole Indian rupees: required, at least ₹1, no paise. Sanity's `positive()` is `min(0)` and would let
 * ₹0 through. Two rules, so an empty price raises one message, not one per check: a required rule runs every check
 * on an empty value, an optional one runs none (Rule.validate in @sanity/validation).
 */
export const rupeePrice = (rule: NumberRule) => [
  rule.required().error(PRICE_MESSAGE),
  rule.integer().min(1).max(10_000_000).error(PRICE_MESSAGE),
]

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

/** A path on this site (one /), a section of the same page (#estimate), or an https address. */
const LINK_TARGET = /^(\/(?!\/)\S*|#[A-Za-z][\w-]*|https:\/\/\S+)$/

/**
 * Where a button on a landing page leads: a path on this site (starting with /, as /contactus or /#services), a
 * section of the same page (#estimate, the estimate form's), or an https address. A string field: Sanity's `url`
 * type and its `uri()` rule read `#estimate` against an http base and refuse it, so the rule is written out.
 */
export const linkTarget = (rule: StringRule) =>
  rule.custom((href: string | undefined) =>
    href === undefined ||
    (LINK_TARGET.test(href) && (!href.startsWith('https:') || URL.canParse(href)))
      ? true
      : 'Start a path on this site with / (such as /contactus), a section of this page with # (#estimate), or give an https address.',
  )
