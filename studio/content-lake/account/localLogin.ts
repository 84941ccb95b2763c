// The embedded lake's one sign-in provider. Shared by the lake and the Studio's configuration, so it imports nothing.

export const LOCAL_LOGIN_PROVIDER = {name: 'embedded', title: 'Local editor'} as const

/** The sign-in route under the API version. */
export const LOCAL_LOGIN_ROUTE = '/auth/login/embedded'

/** Where the provider's sign-in starts, under the lake's address. */
export const LOCAL_LOGIN_PATH = `/v1${LOCAL_LOGIN_ROUTE}`
