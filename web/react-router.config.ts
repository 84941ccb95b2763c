import type {Config} from '@react-router/dev/config'
import {pages, type Page} from '@quantedge/schemas/pages'

// The public site: every page the page list prerenders, rendered at build time from published content; no server
// at runtime. The not-found page is written to /404, which the site server answers any unknown address with.
// SITE_RENDER=preview builds the same routes for the draft-preview server instead, rendered per request.
// SITE_BUILD_DIR lets tests build into a folder of their own.
const preview = process.env.SITE_RENDER === 'preview'

const prerendered = pages
  .filter((page: Page) => page.prerender !== false)
  .map(({path}) => (path === '*' ? '/404' : path))

export default {
  appDirectory: 'app',
  // React Router v8's changes, pinned to v7's behaviour until the site moves to v8 (the incremental renderer
  // reproduces today's outputs and data URLs byte for byte); pinned, the build does not warn about each.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  buildDirectory: process.env.SITE_BUILD_DIR || (preview ? 'build-preview' : 'build'),
  ssr: preview,
  ...(preview ? {} : {prerender: prerendered}),
} satisfies Config
