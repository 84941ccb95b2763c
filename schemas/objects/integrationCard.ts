import {LinkIcon} from '@sanity/icons/Link'
import {defineField, defineType} from 'sanity'

/** A home-page card that leads to one of the catalogue pages. */
export const integrationCard = defineType({
  name: 'integrationCard',
  title: 'Integration card',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'route',
      title: 'Links to',
      type: 'string',
      options: {list: ['/tradingview', '/python', '/tradetron']},
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'title', subtitle: 'route'}},
})
