import cluster from 'node:cluster'
import { prepareOnly, startServer } from './app.ts'
import { configFromEnv } from './config.ts'
import type { DemoAccount } from './seed/demo.ts'

/**
 * `npm start`: the client and the API on one port. On PostgreSQL the server runs one worker
 * process per core but one (FASL_WORKERS to choose), sharing the port; the core left over serves
 * PostgreSQL itself, which a school usually runs on the same machine. On two cores, two workers
 * gave 7% more requests a second but a 30% longer p99 than one, as they and the database took
 * turns on the processors. The embedded database is one process's files, so it always runs one.
 */
const config = configFromEnv()
const workers = config.workers
const where = config.databaseUrl === null ? `embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'

const announce = (seeded: ReadonlyArray<DemoAccount>) => {
  console.log(`Fasl ${config.version} is running on http://localhost:${config.port} (${where}${workers > 1 ? `, ${workers} worker processes` : ''})`)
  if (config.redisUrl !== null) console.log(`REDIS_URL is set: ${config.redisUrl.replace(/\/\/[^@]*@/, '//***@')} (used by the realtime hub)`)
  if (seeded.length === 0) return
  console.log('\nAccounts created on this first start:')
  for (const account of seeded) console.log(`  ${account.email.padEnd(24)} ${account.password.padEnd(16)} ${account.role}`)
  console.log('')
}

if (workers === 1) {
  const server = await startServer()
  announce(server.seeded)
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} else if (cluster.isPrimary) {
  // Migrate and seed once, then start the workers, so they never race each other.
  const seeded = await prepareOnly()
  let ready = 0
  for (let i = 0; i < workers; i++) cluster.fork({ FASL_WORKER: '1' })
  cluster.on('message', (_worker, message) => {
    if (message === 'ready' && ++ready === workers) announce(seeded)
  })
  cluster.on('exit', (worker, code) => {
    if (code === 0 || stopping) return
    console.error(`worker ${worker.process.pid} stopped (${code}); starting another`)
    cluster.fork({ FASL_WORKER: '1' })
  })
  let stopping = false
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
    setTimeout(() => process.exit(0), 2000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} else {
  const server = await startServer({ prepared: true })
  process.send?.('ready')
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))
}
