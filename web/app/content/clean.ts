// In the preview, strings from the CMS carry invisible stega markers that let visual editing find their
// source. Text shown to a person keeps them; any value the code compares, parses or links to is cleaned
// first. On the public site the markers are never added and cleaning changes nothing.
export {stegaClean as clean} from '@sanity/client/stega'
