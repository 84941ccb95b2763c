import {defineField} from 'sanity'
import {shortText, sortOrder, requiredSlug} from '../rules.ts'

/** The fields every catalogue card shares: indicators, the Python toolkit's modules, the Tradetron services. */
export const catalogueCardFields = (nameMax: number) => [
  defineField({name: 'name', title: 'Name', type: 'string', validation: shortText(nameMax)}),
  defineField({
    name: 'slug',
    title: 'Slug',
    type: 'slug',
    options: {source: 'name', maxLength: nameMax + 8},
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
]

export const catalogueCardPreview = {select: {title: 'name', subtitle: 'description'}}
export const byOrder = [
  {title: 'Order', name: 'order', by: [{field: 'order', direction: 'asc' as const}]},
]
