import { defineRoute } from '../../src/plugin-host/route-ref.ts'

export const scheduleRoutes = {
  calendar: defineRoute('/calendar'),
  onlineSessions: defineRoute('/onlinesessions'),
  onlineSessionsSummary: defineRoute('/onlinesessions/summary'),
}
