import {HomeIcon} from '@sanity/icons/Home'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {shortText} from '../rules.ts'

/** One document: the copy of the home page at /. */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  icon: HomeIcon,
  fields: [
    defineField({
      name: 'heroTitle',
      title: 'Hero title',
      type: 'string',
      validation: shortText(40),
    }),
    defineField({
      name: 'heroTagline',
      title: 'Hero tagline',
      type: 'string',
      validation: shortText(80),
    }),
    defineField({
      name: 'heroButtonLabel',
      title: 'Hero button label',
      type: 'string',
      validation: shortText(24),
    }),
    defineField({
      name: 'integrationsTitle',
      title: 'Integrations section title',
      type: 'string',
      validation: shortText(48),
    }),
    defineField({
      name: 'integrations',
      title: 'Integration cards',
      type: 'array',
      of: [defineArrayMember({type: 'integrationCard'})],
      validation: (rule) => rule.required().length(3),
    }),
    defineField({
      name: 'plansTitle',
      title: 'Plans section title',
      type: 'string',
      validation: shortText(48),
    }),
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {prepare: () => ({title: 'Home page'})},
})
