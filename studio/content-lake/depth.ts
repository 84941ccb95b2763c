// Sanity allows documents 20 levels of attributes (https://www.sanity.io/docs/content-lake/technical-limits);
// the store and mutations measure with the kit's nestingDepth.

/** Sanity's "maximum attribute nesting depth". */
export const MAX_DOCUMENT_DEPTH = 20
