// The web workspace's folder: builds and renders run in it (React Router's build and the pages' own file reads are
// relative to it). A file of its own, so that every part of the prerender can name it without importing another.
import {resolve} from 'node:path'

export const webDir = resolve(import.meta.dirname, '..')
