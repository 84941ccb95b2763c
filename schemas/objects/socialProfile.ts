import {ShareIcon} from '@sanity/icons/Share'
import {defineField, defineType} from 'sanity'
import {httpsUrl} from '../rules.ts'

export const socialProfile = defineType({
  name: 'socialProfile',
  title: 'Social profile',
  type: 'object',
  icon: ShareIcon,
  fields: [
    defineField({
      name: 'network',
      title: 'Network',
      type: 'string',
      options: {list: ['Instagram', 'X', 'YouTube', 'LinkedIn', 'Telegram', 'Facebook', 'Discord']},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'url', title: 'Profile URL', type: 'url', validation: httpsUrl}),
  ],
  preview: {select: {title: 'network', subtitle: 'url'}},
})
