// Singletons and fixed pages can be edited and published, but not created, duplicated or deleted.
import {expect, it} from 'vitest'
import config from './sanity.config.ts'

type Action = {action?: string}
const actions: Action[] = ['publish', 'discardChanges', 'restore', 'duplicate', 'delete', 'unpublish'].map((action) => ({action}))

const resolveActions = (schemaType: string) =>
  (config.document?.actions as (prev: Action[], context: {schemaType: string}) => Action[])(actions, {schemaType})

it.each(['siteSettings', 'homePage', 'sitePage', 'legalPage'])('%s offers no duplicate, delete or unpublish', (schemaType) => {
  expect(resolveActions(schemaType).map(({action}) => action)).toEqual(['publish', 'discardChanges', 'restore'])
})

it('leaves catalogue documents every action', () => {
  expect(resolveActions('indicator')).toEqual(actions)
})

it('offers no global "new document" for fixed types', () => {
  const options = ['siteSettings', 'homePage', 'sitePage', 'legalPage', 'indicator', 'plan'].map((templateId) => ({templateId}))
  const resolve = config.document?.newDocumentOptions as (prev: {templateId: string}[], context: {creationContext: {type: string}}) => {templateId: string}[]
  expect(resolve(options, {creationContext: {type: 'global'}}).map(({templateId}) => templateId)).toEqual(['indicator', 'plan'])
})
