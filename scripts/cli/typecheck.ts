// `npm run typecheck`: types from the schema and queries, then every TypeScript project, reporting all of them.
import {repositoryRoot, run} from './run.ts'

const projects = [
  {name: 'scripts', command: ['tsc', '-p', 'scripts']},
  {name: 'studio', command: ['tsc', '-p', 'studio']},
  {name: 'supabase', command: ['tsc', '-p', 'supabase']},
  {name: 'web', command: ['npm', 'run', 'typecheck', '-w', 'web']},
] as const

await run('npm', ['run', 'typegen'])
const failed: string[] = []
for (const {name, command} of projects) {
  const [program, ...args] = command
  await run(program, args, {cwd: repositoryRoot}).catch(() => failed.push(name))
}
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(', ')}`)
  process.exit(1)
}
console.log(`Types check in ${projects.map(({name}) => name).join(', ')}.`)
