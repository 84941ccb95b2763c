import type {Config} from '@react-router/dev/config'

// The public site: every route prerendered at build time from published content; no server at runtime.
// SITE_RENDER=preview builds the same routes for the draft-preview server instead, rendered per request.
// SITE_BUILD_DIR lets tests build into a folder of their own.
const preview = process.env.SITE_RENDER === 'preview'

export default {
  appDirectory: 'app',
  buildDirectory: process.env.SITE_BUILD_DIR || (preview ? 'build-preview' : 'build'),
  ssr: preview,
  ...(preview
    ? {}
    : {
        async prerender({getStaticPaths}) {
          return [...getStaticPaths(), '/404']
        },
      }),
} satisfies Config
