import {reactRouter} from '@react-router/dev/vite'
import {defineConfig} from 'vite'
import {keepServerBundle} from './prerender/keepServerBundle.ts'

export default defineConfig({
  plugins: [keepServerBundle(), reactRouter()],
  // The server bundle renders the inline first-paint script from its own code (early/earlyControls.ts):
  // minified, it costs each page a few hundred bytes instead of a kilobyte and a half.
  environments: {ssr: {build: {minify: true}}},
})
