import {defineConfig} from 'sanity'
import {presentationTool} from 'sanity/presentation'
import {structureTool} from 'sanity/structure'
import {fixedDocumentTypes, schemaTypes} from '@quantedge/schemas'
import {LOCAL_LOGIN_PATH, LOCAL_LOGIN_PROVIDER} from '@quantedge/content-lake/localLogin'
import {
  editsEmbeddedLake,
  studioApiHost,
  studioDataset,
  studioPreviewUrl,
  studioProjectId,
} from './environment.ts'
import {locations} from './presentation/locations.ts'
import {structure} from './structure.ts'

/** Fixed documents (settings, home, pages, legal texts) can be edited and published, never created or deleted. */
const FIXED_DOCUMENT_ACTIONS = new Set(['publish', 'discardChanges', 'restore'])

export default defineConfig({
  name: 'default',
  title: 'Trading tools site',
  projectId: studioProjectId,
  dataset: studioDataset,
  ...(studioApiHost ? {apiHost: studioApiHost} : {}),
  // The embedded lake has one sign-in provider, the local editor; with one provider the Studio goes straight to it.
  ...(editsEmbeddedLake
    ? {
        auth: {
          redirectOnSingle: true,
          providers: [{...LOCAL_LOGIN_PROVIDER, url: `${studioApiHost}${LOCAL_LOGIN_PATH}`}],
        },
      }
    : {}),
  plugins: [
    structureTool({structure}),
    // Drafts on the real pages: the preview server checks the secret this tool creates (@sanity/preview-url-secret).
    presentationTool({
      previewUrl: {
        origin: studioPreviewUrl,
        previewMode: {enable: '/api/preview/enable', disable: '/api/preview/disable'},
      },
      resolve: {locations},
    }),
  ],
  schema: {
    types: schemaTypes,
    templates: (templates) =>
      templates.filter(({schemaType}) => !fixedDocumentTypes.has(schemaType)),
  },
  document: {
    actions: (actions, {schemaType}) =>
      fixedDocumentTypes.has(schemaType)
        ? actions.filter(({action}) => action !== undefined && FIXED_DOCUMENT_ACTIONS.has(action))
        : actions,
    newDocumentOptions: (options, {creationContext}) =>
      creationContext.type === 'global'
        ? options.filter((option) => !fixedDocumentTypes.has(option.templateId))
        : options,
  },
})
