// notify-staff on Supabase's Edge Runtime (Deno): the core in handler.ts with Deno's environment (the project's
// secrets, and SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, which Supabase sets for every function).
// supabase/local runs handler.ts itself; Node never imports this file.
import {handle} from './handler.ts'

// The two members of Deno's global this entry uses, declared here so Node's type check reads the file too.
declare const Deno: {
  serve(handler: (request: Request) => Promise<Response>): unknown
  env: {get(name: string): string | undefined}
}

Deno.serve((request) => handle(request, (name) => Deno.env.get(name)))
