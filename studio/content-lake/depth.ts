// Sanity allows documents 20 levels of attributes (https://www.sanity.io/docs/content-lake/technical-limits);
// the measure is the kit's, re-exported here beside the limit for the store and mutations.
export {nestingDepth} from '@quantedge/server-kit/depth'

/** Sanity's "maximum attribute nesting depth". */
export const MAX_DOCUMENT_DEPTH = 20
