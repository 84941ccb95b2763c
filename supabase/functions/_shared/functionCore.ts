// What every Edge Function here is made of: a core that answers a Web Request and reads its settings through
// an env getter, so the same file runs under Deno on Supabase (index.ts: Deno.serve and Deno.env.get) and in
// Node under supabase/local, which never imports a function's Deno entry.

/** A setting by name, or undefined when unset (Deno.env.get on Supabase). */
export type EnvGetter = (name: string) => string | undefined

export type FunctionCore = (request: Request, env: EnvGetter) => Promise<Response>

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {'Content-Type': 'application/json', ...headers},
  })
