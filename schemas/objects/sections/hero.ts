import {RocketIcon} from '@sanity/icons/Rocket'
import {defineField, defineType} from 'sanity'
import {linkTarget} from '../../rules.ts'

/** A landing page's opening: its headline, a line below it, and an optional button. */
export const hero = defineType({
  name: 'hero',
  title: 'Hero',
  type: 'object',
  icon: RocketIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'The page’s headline (its only top-level heading when the hero comes first).',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'tagline',
      title: 'Tagline',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(200),
    }),
    defineField({
      name: 'actionLabel',
      title: 'Button label',
      type: 'string',
      description: 'Optional: a button below the tagline, such as Get your estimate.',
      validation: (rule) =>
        rule
          .max(30)
          .custom((label, {parent}) =>
            !label && (parent as {actionHref?: string} | undefined)?.actionHref
              ? 'A button needs a label as well as where it leads.'
              : true,
          ),
    }),
    defineField({
      name: 'actionHref',
      title: 'Button link',
      type: 'string',
      description: 'A path on this site such as /contactus or #estimate, or an https address.',
      validation: (rule) =>
        linkTarget(rule).custom((href, {parent}) =>
          !href && (parent as {actionLabel?: string} | undefined)?.actionLabel
            ? 'A button needs where it leads as well as a label.'
            : true,
        ),
    }),
  ],
  preview: {
    select: {title: 'heading', subtitle: 'tagline'},
    prepare: ({title, subtitle}: {title?: string; subtitle?: string}) => ({
      title: title || 'Hero',
      subtitle: subtitle ? `Hero · ${subtitle}` : 'Hero',
      media: RocketIcon,
    }),
  },
})
