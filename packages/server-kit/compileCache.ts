// Preloaded by every npm script (`node --import=@quantedge/server-kit/compileCache`): Node's module compile
// cache (https://nodejs.org/api/module.html#module-compile-cache), which keeps V8's code cache and the
// type-stripped TypeScript of each module on disk, so a later start of the same code skips both. The lake, for
// one, starts in about two thirds of the time. Setting NODE_COMPILE_CACHE passes it on to every process and
// worker thread started from here, which Node enables from that variable itself. A quiet optimization: when
// the folder cannot be used, Node runs without it.
import {enableCompileCache} from 'node:module'
import {join} from 'node:path'
import {repositoryRoot} from './repositoryRoot.ts'

const {directory} = enableCompileCache(
  process.env.NODE_COMPILE_CACHE || join(repositoryRoot, 'node_modules/.cache/node-compile-cache'),
)
if (directory) process.env.NODE_COMPILE_CACHE = directory
