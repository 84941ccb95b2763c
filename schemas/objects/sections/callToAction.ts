import {LaunchIcon} from '@sanity/icons/Launch'
import {defineField, defineType} from 'sanity'
import {linkTarget} from '../../rules.ts'

/** One prominent button: to a page of the site, a section of this page, or an https address. */
export const callToAction = defineType({
  name: 'callToAction',
  title: 'Call to action',
  type: 'object',
  icon: LaunchIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'Label',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'href',
      title: 'Link',
      type: 'string',
      description: 'A path on this site such as /tradingview or #estimate, or an https address.',
      validation: (rule) => linkTarget(rule).required(),
    }),
  ],
  preview: {
    select: {title: 'label', subtitle: 'href'},
    prepare: ({title, subtitle}: {title?: string; subtitle?: string}) => ({
      title: title || 'Call to action',
      subtitle: subtitle ? `Call to action · ${subtitle}` : 'Call to action',
      media: LaunchIcon,
    }),
  },
})
