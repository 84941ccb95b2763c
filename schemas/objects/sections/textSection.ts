import {TextIcon} from '@sanity/icons/Text'
import {defineField, defineType} from 'sanity'

/** A heading and rich text: an offer's terms, a few lines about the campaign. */
export const textSection = defineType({
  name: 'textSection',
  title: 'Text',
  type: 'object',
  icon: TextIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'richText',
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading'},
    prepare: ({title}: {title?: string}) => ({
      title: title || 'Text',
      subtitle: 'Text',
      media: TextIcon,
    }),
  },
})
