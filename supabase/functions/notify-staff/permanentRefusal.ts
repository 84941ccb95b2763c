// Which refusals of a mail API are for good. A 4xx refuses the request as it was sent, so the same mail under the
// same key would be refused again: the lead's notification ends as failed. Not so the 4xx that say "later" or
// point at our own setup, which every lead would get alike and which go away when a setting is fixed; the lead
// waits for its retry (https://resend.com/docs/api-reference/errors; Mailpit: server/server.go, apiv1/send.go):
//   401, 403  Resend's missing, invalid or restricted API key, unverified domain, testing-only account;
//             Mailpit's send API authentication and its CORS refusal
//   404, 405  the API's address or method (Resend's not_found, method_not_allowed)
//   408       a timeout
//   409       Resend's concurrent_idempotent_requests: "try the request again later" (its
//             invalid_idempotent_request means the mail went, resend.ts)
//   415       a body the API does not read as JSON (the dev mailbox)
//   429       Resend's rate limit and daily and monthly quotas
// What is left is the mail itself refused: Resend's validation_error (400, 422) and missing_required_field (422),
// Mailpit's 400 {Error} for every message it cannot build (such as "invalid Reply-To address") and its 413 for
// one over its size limit. Our own addresses are checked when the function starts (settings.ts), so such a
// refusal is about the lead.
const RETRIED_CLIENT_ERRORS = new Set([401, 403, 404, 405, 408, 409, 415, 429])

export const refusedForGood = (status: number) =>
  status >= 400 && status < 500 && !RETRIED_CLIENT_ERRORS.has(status)
