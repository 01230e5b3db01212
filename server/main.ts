import { startServer } from './app.ts'

/** `npm start`: one process, the client and the API on one port. */
const server = await startServer()
const { config } = server
const where = config.databaseUrl === null ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'
console.log(`Fasl ${config.version} is running on http://localhost:${server.port} (${where})`)
if (config.redisUrl !== null) console.log(`REDIS_URL is set: ${config.redisUrl.replace(/\/\/[^@]*@/, '//***@')} (used by the realtime hub)`)
if (server.seeded.length > 0) {
  console.log('\nAccounts created on this first start:')
  for (const account of server.seeded) console.log(`  ${account.email.padEnd(24)} ${account.password.padEnd(16)} ${account.role}`)
  console.log('')
}

const stop = () => {
  void server.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
