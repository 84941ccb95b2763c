import {ChartUpwardIcon} from '@sanity/icons/ChartUpward'
import {defineField, defineType} from 'sanity'
import {formatRupees} from '../price.ts'
import {rupeePrice} from '../rules.ts'
import {byOrder, catalogueCardFields} from './catalogueCard.ts'

/** A TradingView indicator, sold through a direct message. */
export const indicator = defineType({
  name: 'indicator',
  title: 'TradingView indicator',
  type: 'document',
  icon: ChartUpwardIcon,
  fields: [
    ...catalogueCardFields(40),
    defineField({name: 'price', title: 'Price (₹)', type: 'number', validation: rupeePrice}),
    defineField({
      name: 'demoVideo',
      title: 'Demo video',
      type: 'demoVideo',
    }),
  ],
  orderings: byOrder,
  preview: {
    select: {title: 'name', price: 'price'},
    prepare: ({title, price}: {title?: string; price?: number}) => ({
      title,
      subtitle: typeof price === 'number' ? formatRupees(price) : 'No price',
    }),
  },
})
