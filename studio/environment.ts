// The Studio's project and dataset. Sanity exposes only SANITY_STUDIO_* variables to the Studio bundle.
// Without a project id the Studio is built for the embedded lake's placeholder project.

export const studioProjectId = process.env.SANITY_STUDIO_PROJECT_ID || 'embedded'
export const studioDataset = process.env.SANITY_STUDIO_DATASET || 'production'

/** Where the draft-preview server answers (`npm run preview:drafts`, or its deployment). */
export const studioPreviewUrl = process.env.SANITY_STUDIO_PREVIEW_URL || 'http://localhost:3001'
