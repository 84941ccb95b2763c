import {DocumentIcon} from '@sanity/icons/Document'
import {defineField, defineType} from 'sanity'
import {sitePageRoutes} from '../fixedDocuments.ts'
import {shortText} from '../rules.ts'

/** The title, intro and call-to-action copy of a page whose items come from the catalogue. */
export const sitePage = defineType({
  name: 'sitePage',
  title: 'Page',
  type: 'document',
  icon: DocumentIcon,
  fields: [
    defineField({
      name: 'route',
      title: 'Route',
      type: 'string',
      readOnly: true,
      options: {list: [...sitePageRoutes]},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'title', title: 'Heading', type: 'string', validation: shortText(60)}),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(320),
    }),
    defineField({
      name: 'body',
      title: 'Body',
      type: 'richText',
      description: 'Longer text below the introduction (used on the About page).',
    }),
    defineField({
      name: 'actionLabel',
      title: 'Action label',
      type: 'string',
      description:
        'The label of the page’s card or page action, such as Buy Now, Explore or Follow us.',
      validation: (rule) => rule.max(24),
    }),
    defineField({
      name: 'actionHint',
      title: 'Action hint',
      type: 'string',
      description:
        'A line beside the action. On the indicators page, {name} stands for the indicator’s name.',
      validation: (rule) => rule.max(140),
    }),
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'title', subtitle: 'route'}},
})
