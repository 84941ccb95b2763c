// A request's target as a URL. Node passes the request line's target as it came, and an absolute-form target a
// URL cannot hold (`GET http://a:99999/`) would make `new URL` throw and the server answer 500; such a request
// is the client's error, so each server refuses it with a 400 in its vendor's words.

/** The URL of `target` read against `base`, or undefined when it is not one. */
export const requestUrl = (target: string | undefined, base: string): URL | undefined =>
  URL.canParse(target ?? '/', base) ? new URL(target ?? '/', base) : undefined
