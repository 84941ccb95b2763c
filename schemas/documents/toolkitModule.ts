import {CodeIcon} from '@sanity/icons/Code'
import {defineType} from 'sanity'
import {byOrder, catalogueCardFields, catalogueCardPreview} from './catalogueCard.ts'

/** A module of the Python backtesting toolkit; its Explore link opens a direct message. */
export const toolkitModule = defineType({
  name: 'toolkitModule',
  title: 'Python toolkit module',
  type: 'document',
  icon: CodeIcon,
  fields: catalogueCardFields(48),
  orderings: byOrder,
  preview: catalogueCardPreview,
})
