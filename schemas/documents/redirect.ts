import {TransferIcon} from '@sanity/icons/Transfer'
import {defineField, defineType, type ValidationContext} from 'sanity'
import {SANITY_API_VERSION} from '../apiVersion.ts'
import {landingSlugOf, redirectFromProblem, redirectLoops, redirectToProblem} from '../redirects.ts'

type RedirectFields = {from?: string; to?: string}

const idsOf = (id: string) => {
  const published = id.replace(/^drafts\./, '')
  return [published, `drafts.${published}`]
}

/** The other published redirects, as the site would serve them beside this one. */
const otherRedirects = (context: ValidationContext) =>
  context
    .getClient({apiVersion: SANITY_API_VERSION})
    .fetch<{from: string | null; to: string | null}[]>(
      '*[_type == "redirect" && !(_id in $ids) && !(_id in path("drafts.**"))]{from, to}',
      {ids: idsOf(context.document?._id ?? '')},
      {perspective: 'raw'},
    )

async function fromRule(from: string | undefined, context: ValidationContext) {
  const problem = redirectFromProblem(from)
  if (problem) return problem
  const others = await otherRedirects(context)
  if (others.some((other) => other.from === from))
    return `Another redirect already starts at ${from}.`
  return true
}

/** A redirect that would lead round in a circle with the published ones (a → b → a) is refused. */
async function loopRule(to: string | undefined, context: ValidationContext) {
  const problem = redirectToProblem(to)
  if (problem) return problem
  const {from} = (context.parent ?? {}) as RedirectFields
  if (!from || redirectFromProblem(from)) return true
  const rules = (await otherRedirects(context)).flatMap((other) =>
    other.from && other.to ? [{from: other.from, to: other.to}] : [],
  )
  return redirectLoops([...rules, {from, to: to!}]).has(from)
    ? `Redirecting ${from} to ${to} makes a loop with the published redirects: a visitor would go round forever.`
    : true
}

/** A published landing page at the same address wins: say so, so the editor knows to delete it. */
async function shadowRule(from: string | undefined, context: ValidationContext) {
  const slug = from ? landingSlugOf(from) : undefined
  if (!slug) return true
  const pages = await context
    .getClient({apiVersion: SANITY_API_VERSION})
    .fetch<number>(
      'count(*[_type == "landingPage" && slug.current == $slug && !(_id in path("drafts.**"))])',
      {slug},
      {perspective: 'raw'},
    )
  return pages === 0
    ? true
    : `A published landing page is at ${from}: it is served, not this redirect, until it is deleted.`
}

/**
 * A redirect marketing manages: from an address the site has no page at (an ended campaign's, say) to a page of
 * the site or an https address; served by the site server, cached by the edge, and written to `_redirects`.
 */
export const redirect = defineType({
  name: 'redirect',
  title: 'Redirect',
  type: 'document',
  icon: TransferIcon,
  fields: [
    defineField({
      name: 'from',
      title: 'From',
      type: 'string',
      description: 'The path it starts at, such as /diwali-offer.',
      validation: (rule) => [rule.required().custom(fromRule), rule.custom(shadowRule).warning()],
    }),
    defineField({
      name: 'to',
      title: 'To',
      type: 'string',
      description: 'A path on this site such as /tradingview, or an https address.',
      validation: (rule) => rule.required().custom(loopRule),
    }),
    defineField({
      name: 'permanent',
      title: 'Permanent',
      type: 'boolean',
      description:
        'On: 301, browsers and search engines remember it. Off: 302, for a redirect you may change again.',
      initialValue: true,
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {from: 'from', to: 'to', permanent: 'permanent'},
    prepare: ({from, to, permanent}: {from?: string; to?: string; permanent?: boolean}) => ({
      title: `${from ?? '?'} → ${to ?? '?'}`,
      subtitle: permanent === false ? '302, temporary' : '301, permanent',
      media: TransferIcon,
    }),
  },
})
