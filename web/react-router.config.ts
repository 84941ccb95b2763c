import type {Config} from '@react-router/dev/config'

// Every route is prerendered at build time from published content; no server renders at runtime.
// SITE_BUILD_DIR lets tests build into a folder of their own.
export default {
  appDirectory: 'app',
  buildDirectory: process.env.SITE_BUILD_DIR || 'build',
  ssr: false,
  async prerender({getStaticPaths}) {
    return [...getStaticPaths(), '/404']
  },
} satisfies Config
