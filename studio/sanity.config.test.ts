// Singletons and fixed pages can be edited and published, but not created, duplicated or deleted.
import type {DocumentActionComponent, DocumentActionsContext} from 'sanity'
import {expect, it} from 'vitest'
import config from './sanity.config.ts'

// Stand-ins for the Studio's action components: only their `action` names matter to the resolver.
const actions = (
  ['publish', 'discardChanges', 'restore', 'duplicate', 'delete', 'unpublish'] as const
).map((action): DocumentActionComponent => Object.assign(() => null, {action}))

const resolveActions = (schemaType: string) => {
  const resolver = config.document?.actions
  if (typeof resolver !== 'function')
    throw new Error('sanity.config.ts has no document actions resolver')
  return resolver(actions, {schemaType} as DocumentActionsContext)
}

it.each(['siteSettings', 'homePage', 'sitePage', 'legalPage'])(
  '%s offers no duplicate, delete or unpublish',
  (schemaType) => {
    expect(resolveActions(schemaType).map(({action}) => action)).toEqual([
      'publish',
      'discardChanges',
      'restore',
    ])
  },
)

it('leaves catalogue documents every action', () => {
  expect(resolveActions('indicator')).toEqual(actions)
})

it('offers no global "new document" for fixed types', () => {
  const options = ['siteSettings', 'homePage', 'sitePage', 'legalPage', 'indicator', 'plan'].map(
    (templateId) => ({templateId}),
  )
  const resolve = config.document?.newDocumentOptions
  if (typeof resolve !== 'function')
    throw new Error('sanity.config.ts has no new-document options resolver')
  const offered = resolve(
    options as Parameters<typeof resolve>[0],
    {creationContext: {type: 'global'}} as Parameters<typeof resolve>[1],
  )
  expect(offered.map(({templateId}) => templateId)).toEqual(['indicator', 'plan'])
})
