import {reactRouter} from '@react-router/dev/vite'
import {defineConfig} from 'vite'

export default defineConfig({
  plugins: [reactRouter()],
  // The server bundle renders the inline first-paint script from its own code (early/earlyControls.ts):
  // minified, it costs each page a few hundred bytes instead of a kilobyte and a half.
  environments: {ssr: {build: {minify: true}}},
})
