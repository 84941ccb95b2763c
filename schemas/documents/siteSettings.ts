import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {httpsUrl} from '../rules.ts'

/** One document: the brand, where purchases happen (DM and profile), the footer. */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    {name: 'brand', title: 'Brand', default: true},
    {name: 'contact', title: 'Contact and social'},
    {name: 'footer', title: 'Footer'},
  ],
  fields: [
    defineField({
      name: 'siteName',
      title: 'Site name',
      type: 'string',
      group: 'brand',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'siteUrl',
      title: 'Public address',
      type: 'url',
      group: 'brand',
      description: 'Used for canonical links and link previews.',
      validation: (rule) => rule.required().uri({scheme: ['https', 'http']}),
    }),
    defineField({
      name: 'contactEmail',
      title: 'Contact mailbox',
      type: 'email',
      group: 'contact',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'directMessageUrl',
      title: 'Direct-message link',
      type: 'url',
      group: 'contact',
      description: 'Where Buy Now and Explore (Python toolkit) lead: a social direct-message page.',
      validation: httpsUrl,
    }),
    defineField({
      name: 'socialProfileUrl',
      title: 'Social profile link',
      type: 'url',
      group: 'contact',
      description: 'Where Subscribe, Explore (Tradetron) and Follow lead.',
      validation: httpsUrl,
    }),
    defineField({
      name: 'socialProfiles',
      title: 'Footer social profiles',
      type: 'array',
      group: 'contact',
      of: [defineArrayMember({type: 'socialProfile'})],
      validation: (rule) => rule.required().length(4),
    }),
    defineField({
      name: 'learnItems',
      title: 'Learn column',
      type: 'array',
      group: 'footer',
      description: 'Shown as plain text, without links.',
      of: [defineArrayMember({type: 'string', validation: (rule) => rule.required().max(24)})],
      validation: (rule) => rule.required().min(1).max(5),
    }),
    defineField({
      name: 'footerDisclaimer',
      title: 'Footer disclaimer',
      type: 'text',
      rows: 4,
      group: 'footer',
      validation: (rule) => rule.required().min(80).max(600),
    }),
  ],
  preview: {prepare: () => ({title: 'Site settings'})},
})
