import {PGlite} from '@electric-sql/pglite'
import {pgcrypto} from '@electric-sql/pglite/contrib/pgcrypto'
import {mkdtempSync, writeFileSync, readFileSync} from 'node:fs'
const t0 = performance.now()
const a = await PGlite.create({extensions: {pgcrypto}})
await a.exec('create table t (x int); insert into t values (42)')
const dump = await a.dumpDataDir('gzip')
const bytes = Buffer.from(await dump.arrayBuffer())
writeFileSync('/tmp/pgt.tgz', bytes)
console.log('dump', bytes.length, performance.now() - t0)
const t1 = performance.now()
const b = await PGlite.create({loadDataDir: new Blob([readFileSync('/tmp/pgt.tgz')]), extensions: {pgcrypto}})
console.log((await b.query('select x from t')).rows, performance.now() - t1)
const dir = mkdtempSync('/tmp/pgtdir-')
const c = await PGlite.create({dataDir: dir, loadDataDir: new Blob([readFileSync('/tmp/pgt.tgz')]), extensions: {pgcrypto}})
console.log((await c.query('select x from t')).rows)
await c.close()
const d = await PGlite.create({dataDir: dir, extensions: {pgcrypto}})
console.log('reopen', (await d.query('select x from t')).rows)
