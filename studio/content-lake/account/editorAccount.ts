// The one local editor's account: the profile the Studio shows, the one-time ids of sign-ins under way, and the
// editor's preferences (the Studio's key-value store).

export const LOCAL_EDITOR = {
  id: 'p-embedded-editor',
  name: 'Local editor',
  email: 'editor@localhost',
  profileImage: null,
  role: 'administrator',
  roles: [{name: 'administrator', title: 'Administrator'}],
  provider: 'embedded',
}

const SESSION_TTL_MS = 5 * 60 * 1000

export class EditorAccount {
  readonly #sessions = new Map<string, number>()
  readonly #preferences = new Map<string, unknown>()

  /** Remembers a new one-time session id for five minutes. */
  startSession(sid: string) {
    const now = Date.now()
    for (const [unused, expires] of this.#sessions) if (expires < now) this.#sessions.delete(unused)
    this.#sessions.set(sid, now + SESSION_TTL_MS)
  }

  /** Whether `sid` is a live session id; it is used up either way. */
  endSession(sid: string | null): boolean {
    const expires = sid ? this.#sessions.get(sid) : undefined
    if (!sid || expires === undefined || expires < Date.now()) return false
    this.#sessions.delete(sid)
    return true
  }

  readPreferences(keys: string) {
    return keys.split(',').map((key) => ({key, value: this.#preferences.get(key) ?? null}))
  }

  storePreferences(body: unknown) {
    const entries = Array.isArray(body) ? body : [body]
    return entries.flatMap((entry) => {
      const {key, value} = (entry ?? {}) as {key?: unknown; value?: unknown}
      if (typeof key !== 'string') return []
      this.#preferences.set(key, value ?? null)
      return [{key, value: value ?? null}]
    })
  }
}
