// The worker thread that makes the database template (database.ts, migratedTemplate).
import {workerData} from 'node:worker_threads'
import {makeTemplate} from './database.ts'

const {path, migrationsDir} = workerData as {path: string; migrationsDir: string}
await makeTemplate(path, migrationsDir)
