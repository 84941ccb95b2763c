import type {Config} from '@react-router/dev/config'

// Every route is prerendered at build time from published content; no server renders at runtime.
export default {
  appDirectory: 'app',
  ssr: false,
  prerender: true,
} satisfies Config
