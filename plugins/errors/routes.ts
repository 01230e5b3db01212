import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** The error pages (401 is the shell's: the router's guard sends there, src/plugin-host/shell-routes.ts). '*' is the catch-all 404. */
export const errorRoutes = {
  notFound: defineRoute('/Error404'),
  forbidden: defineRoute('/Error403'),
  serverError: defineRoute('/Error505'),
  anything: defineRoute('*'),
}
