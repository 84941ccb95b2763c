import {CreditCardIcon} from '@sanity/icons/CreditCard'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {formatRecurringPrice} from '../price.ts'
import {rupeePrice, shortText, sortOrder, requiredSlug} from '../rules.ts'
import {byOrder} from './catalogueCard.ts'

/** A Quant Metrics subscription plan; Subscribe opens the social profile. */
export const plan = defineType({
  name: 'plan',
  title: 'Plan',
  type: 'document',
  icon: CreditCardIcon,
  fields: [
    defineField({name: 'title', title: 'Title', type: 'string', validation: shortText(40)}),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      options: {source: 'title', maxLength: 48},
      validation: requiredSlug,
    }),
    defineField(sortOrder),
    defineField({name: 'price', title: 'Price (₹)', type: 'number', validation: rupeePrice}),
    defineField({
      name: 'billingPeriod',
      title: 'Billing period',
      type: 'string',
      options: {
        list: [
          {title: 'Per month', value: 'month'},
          {title: 'Per year', value: 'year'},
        ],
        layout: 'radio',
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'features',
      title: 'Features',
      type: 'array',
      of: [defineArrayMember({type: 'string', validation: (rule) => rule.required().max(60)})],
      validation: (rule) => rule.required().min(1).max(6),
    }),
  ],
  orderings: byOrder,
  preview: {
    select: {title: 'title', price: 'price', period: 'billingPeriod'},
    prepare: ({title, price, period}: {title?: string; price?: number; period?: string}) => ({
      title,
      subtitle:
        typeof price === 'number' ? formatRecurringPrice(price, period ?? 'month') : 'No price',
    }),
  },
})
