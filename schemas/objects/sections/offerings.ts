import {ThLargeIcon} from '@sanity/icons/ThLarge'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** What an offerings section may show: the catalogue's own documents, as the site's cards show them. */
export const OFFERING_TYPES = ['indicator', 'toolkitModule', 'automationService', 'plan'] as const

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
          // A strong reference: Sanity's validator refuses one to a document that is not published ("Referenced
          // document must be published"), which the public site could not show.
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
