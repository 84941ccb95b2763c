import {RocketIcon} from '@sanity/icons/Rocket'
import {defineType} from 'sanity'
import {byOrder, catalogueCardFields, catalogueCardPreview} from './catalogueCard.ts'

/** A Tradetron automation service; its Explore link opens the social profile. */
export const automationService = defineType({
  name: 'automationService',
  title: 'Tradetron automation service',
  type: 'document',
  icon: RocketIcon,
  fields: catalogueCardFields(48),
  orderings: byOrder,
  preview: catalogueCardPreview,
})
