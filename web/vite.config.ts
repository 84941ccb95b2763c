import {reactRouter} from '@react-router/dev/vite'
import {defineConfig} from 'vite'
import {keepServerBundle} from './prerender/keepServerBundle.ts'

const preview = process.env.SITE_RENDER === 'preview'

export default defineConfig({
  plugins: [keepServerBundle(), reactRouter()],
  // Which build this is, known when bundling: the public site's bundle then holds no visual-editing code at all
  // (not even its lazily loaded 600 kB chunk, which only editors in the draft preview load).
  define: {'import.meta.env.SITE_PREVIEW': JSON.stringify(preview)},
  // The draft preview's one large chunk is that visual-editing code, loaded after the page has painted.
  ...(preview ? {build: {chunkSizeWarningLimit: 700}} : {}),
  // The server bundle renders the inline first-paint script from its own code (early/earlyControls.ts):
  // minified, it costs each page a few hundred bytes instead of a kilobyte and a half.
  environments: {ssr: {build: {minify: true}}},
})
