// Every entry of the site's page list (@quantedge/schemas/pages) is a route of its module. Pages that share a
// module (the legal texts) are told apart by an id named after their path.
import {index, route, type RouteConfig} from '@react-router/dev/routes'
import {pages} from '@quantedge/schemas/pages'

const sharesModule = (module: string) => pages.filter((page) => page.module === module).length > 1

export default pages.map(({path, module}) => {
  if (path === '/') return index(module)
  const relative = path.replace(/^\//, '')
  return route(relative, module, sharesModule(module) ? {id: relative} : {})
}) satisfies RouteConfig
