import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {defineField, defineType} from 'sanity'
import {requiredSlug} from '../rules.ts'

/** Privacy policy, terms and conditions, disclaimer: one document each, at /privacy, /terms, /disclaimer. */
export const legalPage = defineType({
  name: 'legalPage',
  title: 'Legal text',
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'slug',
      title: 'Route',
      type: 'slug',
      description: 'The page lives at /<route>.',
      options: {source: 'title', maxLength: 32},
      validation: requiredSlug,
    }),
    defineField({
      name: 'lastUpdated',
      title: 'Last updated',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'richText',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'title', subtitle: 'slug.current'}},
})
