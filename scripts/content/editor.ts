// Editing as the Studio does it, through the Content Lake's Actions API: an edit goes to the `drafts.` copy
// of a document (the lake makes it from the published one when there is none); publishing replaces the
// published document with the draft and deletes the draft, in one transaction; discarding drops the draft.
// The lake refuses what Sanity refuses (nothing to edit, no draft to publish) with its own message.
import type {SanityClient} from '@sanity/client'
import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'

const draftId = (id: string) => `drafts.${id}`

/** Sets fields on the draft of `id` (paths allowed, as in a patch). */
export function editDraft(client: SanityClient, id: string, fields: Record<string, unknown>) {
  return client.action({
    actionType: 'sanity.action.document.edit',
    draftId: draftId(id),
    publishedId: id,
    patch: {set: fields},
  })
}

/** Publishes the draft of `id`. */
export function publishDraft(client: SanityClient, id: string) {
  return client.action({
    actionType: 'sanity.action.document.publish',
    draftId: draftId(id),
    publishedId: id,
  })
}

/** Throws away the draft of `id`, leaving the published document as it was. */
export function discardDraft(client: SanityClient, id: string) {
  return client.action({actionType: 'sanity.action.document.discard', draftId: draftId(id)})
}

/**
 * A link that lets the preview server show drafts, or a release over them, valid for an hour, as the Presentation
 * tool makes one (its perspective a stack joined with commas).
 */
export async function previewLink(
  client: SanityClient,
  previewOrigin: string,
  path: string,
  studioUrl: string,
  releaseId?: string,
) {
  const {secret} = await createPreviewSecret(client, 'quantedge-content-cli', studioUrl)
  const url = new URL('/api/preview/enable', previewOrigin)
  url.searchParams.set('sanity-preview-secret', secret)
  url.searchParams.set('sanity-preview-pathname', path)
  if (releaseId) url.searchParams.set('sanity-preview-perspective', `${releaseId},drafts`)
  return url.href
}
