/** The Content Lake API version every client of this project asks for (@sanity/client's `apiVersion`). */
export const SANITY_API_VERSION = '2025-02-19'
