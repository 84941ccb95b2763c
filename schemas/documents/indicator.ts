import {ChartUpwardIcon} from '@sanity/icons/ChartUpward'
import {defineField, defineType} from 'sanity'
import {rupeePrice, shortText, sortOrder, requiredSlug} from '../rules.ts'

/** A TradingView indicator, sold through a direct message. */
export const indicator = defineType({
  name: 'indicator',
  title: 'TradingView indicator',
  type: 'document',
  icon: ChartUpwardIcon,
  fields: [
    defineField({name: 'name', title: 'Name', type: 'string', validation: shortText(40)}),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      options: {source: 'name', maxLength: 48},
      validation: requiredSlug,
    }),
    defineField(sortOrder),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(40).max(240),
    }),
    defineField({name: 'price', title: 'Price (₹)', type: 'number', validation: rupeePrice}),
    defineField({
      name: 'demoVideo',
      title: 'Demo video',
      type: 'demoVideo',
    }),
  ],
  orderings: [{title: 'Order', name: 'order', by: [{field: 'order', direction: 'asc'}]}],
  preview: {
    select: {title: 'name', price: 'price'},
    prepare: ({title, price}: {title?: string; price?: number}) => ({
      title,
      subtitle: typeof price === 'number' ? `₹${price.toLocaleString('en-IN')}` : 'No price',
    }),
  },
})
