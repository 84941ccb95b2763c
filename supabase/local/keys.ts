// The Supabase CLI local stack's well-known demo secret and keys, so `supabase start` is a drop-in for this
// stand-in and the same client settings work with both. They guard only a server on this machine.

export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

/** The anon key: a JWT with role anon, signed with the demo secret; the public one, which pages carry. */
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/** The service-role key: bypasses row-level security. Server-side only, never in a browser. */
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
