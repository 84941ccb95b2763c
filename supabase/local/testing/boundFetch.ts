// A fetch whose connections leave from a given local address (127.0.0.2, 127.0.0.3, …: all of 127/8 is
// this machine), so tests and the bench can be several clients to the stand-in, which sees each one's
// socket address as a gateway would. Pass it to supabase-js as `global.fetch`.
import {Agent, fetch as undiciFetch} from 'undici'

export function fetchFrom(localAddress: string): typeof fetch {
  const dispatcher = new Agent({localAddress})
  // undici's fetch is the one Node ships; its types differ from the DOM's only in details supabase-js does not use.
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch
}
