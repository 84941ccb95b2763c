import {index, route, type RouteConfig} from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('tradingview', 'routes/tradingview.tsx'),
  route('python', 'routes/python.tsx'),
  route('tradetron', 'routes/tradetron.tsx'),
  route('contactus', 'routes/contactus.tsx'),
  route('subscribe', 'routes/subscribe.tsx'),
  route('quantmetrics', 'routes/quantmetrics.tsx'),
  route('teampage', 'routes/teampage.tsx'),
  route('privacy', 'routes/legal.tsx', {id: 'privacy'}),
  route('terms', 'routes/legal.tsx', {id: 'terms'}),
  route('disclaimer', 'routes/legal.tsx', {id: 'disclaimer'}),
  route('account/confirmed', 'routes/account/confirmed.tsx'),
  route('account/reset-password', 'routes/account/resetPassword.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/notFound.tsx'),
] satisfies RouteConfig
