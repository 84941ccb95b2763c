// Editing as the Studio does it, through the Content Lake's API: an edit goes to the `drafts.` copy of a
// document (made from the published one when there is none); publishing replaces the published document
// with the draft and deletes the draft, in one transaction.
import type {SanityClient, SanityDocument} from '@sanity/client'
import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'

const draftId = (id: string) => `drafts.${id}`
const SYSTEM_FIELDS = ['_rev', '_createdAt', '_updatedAt', '_originalId'] as const

function withoutSystemFields<T extends SanityDocument>(doc: T) {
  const copy: Record<string, unknown> = {...doc}
  for (const field of SYSTEM_FIELDS) delete copy[field]
  return copy as {_id: string; _type: string}
}

/** Sets fields on the draft of `id` (paths allowed, as in a patch), creating the draft from the published document. */
export async function editDraft(client: SanityClient, id: string, fields: Record<string, unknown>) {
  const draft = await client.getDocument(draftId(id))
  const published = await client.getDocument(id)
  const base = draft ?? published
  if (!base) throw new Error(`There is no document "${id}" to edit`)
  return client
    .transaction()
    .createIfNotExists({...withoutSystemFields(base), _id: draftId(id)})
    .patch(draftId(id), (patch) => patch.set(fields))
    .commit({visibility: 'sync'})
}

/** Publishes the draft of `id`; it is an error when there is no draft. */
export async function publishDraft(client: SanityClient, id: string) {
  const draft = await client.getDocument(draftId(id))
  if (!draft) throw new Error(`"${id}" has no draft to publish`)
  return client
    .transaction()
    .createOrReplace({...withoutSystemFields(draft), _id: id})
    .delete(draftId(id))
    .commit({visibility: 'sync'})
}

/** Throws away the draft of `id`, leaving the published document as it was. */
export async function discardDraft(client: SanityClient, id: string) {
  return client.delete(draftId(id), {visibility: 'sync'})
}

/** A link that lets the preview server show drafts, valid for an hour, as the Presentation tool makes one. */
export async function previewLink(client: SanityClient, previewOrigin: string, path: string, studioUrl: string) {
  const {secret} = await createPreviewSecret(client, 'quantedge-content-cli', studioUrl)
  const url = new URL('/api/preview/enable', previewOrigin)
  url.searchParams.set('sanity-preview-secret', secret)
  url.searchParams.set('sanity-preview-pathname', path)
  return url.href
}
