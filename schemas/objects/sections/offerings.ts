import {ThLargeIcon} from '@sanity/icons/ThLarge'
import {defineArrayMember, defineField, defineType, type ValidationContext} from 'sanity'
import {SANITY_API_VERSION} from '../../apiVersion.ts'

/** What an offerings section may show: the catalogue's own documents, as the site's cards show them. */
export const OFFERING_TYPES = ['indicator', 'toolkitModule', 'automationService', 'plan'] as const

/**
 * A reference the site can show: to a published document. A strong reference already needs its document to exist,
 * but a draft that was never published satisfies it and the public site, which reads published content, would
 * show nothing in its place.
 */
async function publishedTarget(value: {_ref?: string} | undefined, context: ValidationContext) {
  if (!value?._ref) return true
  const published = await context
    .getClient({apiVersion: SANITY_API_VERSION})
    .fetch<boolean>('count(*[_id == $id]) > 0', {id: value._ref}, {perspective: 'raw'})
  return published || 'This item is not published yet: publish it first, or pick another.'
}

/** Cards of the catalogue on a landing page: indicators (each opening its modal), modules, services or plans. */
export const offerings = defineType({
  name: 'offerings',
  title: 'Offerings',
  type: 'object',
  icon: ThLargeIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'items',
      title: 'Items',
      type: 'array',
      description:
        'Indicators, toolkit modules, Tradetron services or plans, shown as the site’s cards.',
      of: [
        defineArrayMember({
          type: 'reference',
          to: OFFERING_TYPES.map((type) => ({type})),
          validation: (rule) => rule.custom(publishedTarget),
        }),
      ],
      validation: (rule) => rule.required().min(1).max(12).unique(),
    }),
  ],
  preview: {
    select: {title: 'heading', items: 'items'},
    prepare: ({title, items}: {title?: string; items?: unknown[]}) => ({
      title: title || 'Offerings',
      subtitle: `Offerings · ${items?.length ?? 0} item(s)`,
      media: ThLargeIcon,
    }),
  },
})
