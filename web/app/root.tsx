import {useEffect} from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router'
import type {Route} from './+types/root'
import {recordLanding} from './attribution/visit.ts'
import {SUPABASE_META} from './auth/env.ts'
import {readSupabaseSettings} from './auth/settings.ts'
import {HomeButton} from './components/HomeButton.tsx'
import {Preview} from './components/Preview.tsx'
import {SiteFooter} from './components/SiteFooter.tsx'
import {SiteHeader} from './components/SiteHeader.tsx'
import {contentFor, previewOf, required} from './content/load.server.ts'
import {SITE_SETTINGS_QUERY} from '@quantedge/content-access/queries'
import {EARLY_CONTROLS_SCRIPT, replayEarlyTaps} from './early/earlyControls.ts'
// Inlined: one stylesheet request less before the first paint, and it is small (about 2.5 KB compressed).
import appCss from './styles/app.css?inline'

export async function loader({context}: Route.LoaderArgs) {
  return {
    settings: required(
      await contentFor(context).fetch(SITE_SETTINGS_QUERY),
      'site settings document',
    ),
    preview: previewOf(context),
    supabase: readSupabaseSettings(),
  }
}

export const links: Route.LinksFunction = () => [
  {rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml'},
]

export function Layout({children}: {children: React.ReactNode}) {
  const supabase = useRouteLoaderData<typeof loader>('root')?.supabase
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1220" />
        {supabase && (
          <>
            <meta name={SUPABASE_META.url} content={supabase.url} />
            <meta name={SUPABASE_META.anonKey} content={supabase.anonKey} />
          </>
        )}
        {/* First in the page, so that no tap or submit comes before it. */}
        <script
          dangerouslySetInnerHTML={{__html: EARLY_CONTROLS_SCRIPT}}
          suppressHydrationWarning
        />
        <Meta />
        <Links />
        <style>{appCss}</style>
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App({loaderData}: Route.ComponentProps) {
  const {settings, preview} = loaderData
  useEffect(replayEarlyTaps, [])
  // Where this visit came from (its UTM parameters or referrer), for the lead it may send (attribution/visit.ts).
  useEffect(() => recordLanding(), [])
  return (
    <>
      {import.meta.env.SITE_PREVIEW && preview && <Preview releases={preview.releases} />}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader siteName={settings.siteName} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter settings={settings} />
    </>
  )
}

/** The site settings, for any route below the root. */
export function useSiteSettings() {
  const data = useRouteLoaderData<typeof loader>('root')
  if (!data) throw new Error('useSiteSettings is used outside the root route')
  return data.settings
}

export function ErrorBoundary({error}: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong'
  return (
    <main id="main" className="page page-narrow">
      <h1>{title}</h1>
      <HomeButton />
    </main>
  )
}
