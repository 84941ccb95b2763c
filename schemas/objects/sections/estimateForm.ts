import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'

/** The site's free-estimate form, as on /contactus; its leads name this page as the form's page. */
export const estimateForm = defineType({
  name: 'estimateForm',
  title: 'Estimate form',
  type: 'object',
  icon: EnvelopeIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'Above the form. A button elsewhere on the page can lead to it with #estimate.',
      validation: (rule) => rule.required().max(80),
    }),
  ],
  preview: {
    select: {title: 'heading'},
    prepare: ({title}: {title?: string}) => ({
      title: title || 'Estimate form',
      subtitle: 'Estimate form',
      media: EnvelopeIcon,
    }),
  },
})
