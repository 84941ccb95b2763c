// What web/vite.config.ts defines for the app's code at build time.
interface ImportMetaEnv {
  /** Whether this is the draft preview's build (SITE_RENDER=preview) rather than the public site's. */
  readonly SITE_PREVIEW: boolean
}
