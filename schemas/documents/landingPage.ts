import {LaunchIcon} from '@sanity/icons/Launch'
import {defineArrayMember, defineField, defineType, type SlugValue} from 'sanity'
import {landingSlugProblem} from '../landingPages.ts'
import {SECTION_TYPE_NAMES, sectionTypes} from '../objects/sections/index.ts'

/** A slug as the site's addresses are written: lowercase words joined by single hyphens (`Diwali Offer!` → `diwali-offer`). */
const slugify = (input: string) =>
  input
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '')

/**
 * A campaign page marketing composes from sections and publishes at /<slug> with no deploy: the build prerenders
 * it, the publish hook puts it live and purges it from the edge, and deleting it leaves its address answering 404.
 */
export const landingPage = defineType({
  name: 'landingPage',
  title: 'Landing page',
  type: 'document',
  icon: LaunchIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      description: 'What editors call the page; the browser tab shows the search title below.',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'slug',
      title: 'Address',
      type: 'slug',
      description:
        'The page lives at /<address>: lowercase letters, digits and hyphens, not one of the site’s own pages.',
      options: {source: 'title', maxLength: 64, slugify},
      validation: (rule) =>
        rule
          .required()
          .custom((slug: SlugValue | undefined) =>
            slug?.current ? (landingSlugProblem(slug.current) ?? true) : true,
          )
          .error(),
    }),
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      description:
        'Add, reorder and remove the page’s sections; the page shows them in this order.',
      of: sectionTypes.map(({name}) => defineArrayMember({type: name})),
      options: {
        insertMenu: {
          groups: [
            {name: 'intro', title: 'Opening', of: ['hero']},
            {name: 'catalogue', title: 'Catalogue', of: ['offerings']},
            {name: 'copy', title: 'Copy', of: ['textSection']},
            {name: 'conversion', title: 'Leads', of: ['estimateForm', 'callToAction']},
          ],
          views: [
            {name: 'list'},
            {name: 'grid', previewImageUrl: (type) => `/static/sections/${type}.svg`},
          ],
        },
      },
      validation: (rule) => [
        rule.required().min(1).error('A landing page needs at least one section.'),
        rule.custom((sections: {_type?: string}[] | undefined) => {
          const unknown = (sections ?? []).filter(
            ({_type}) => !_type || !SECTION_TYPE_NAMES.includes(_type),
          )
          return unknown.length === 0
            ? true
            : `Unknown section type(s): ${unknown.map(({_type}) => _type ?? 'none').join(', ')}. Remove them.`
        }),
      ],
    }),
  ],
  preview: {
    select: {title: 'title', slug: 'slug.current'},
    prepare: ({title, slug}: {title?: string; slug?: string}) => ({
      title,
      subtitle: slug ? `/${slug}` : 'No address yet',
      media: LaunchIcon,
    }),
  },
})
