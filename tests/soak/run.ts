import { runSoak } from './soak.ts'

/**
 * `npm run soak`: the full fault-injection soak (SOAK_COMMANDS, default 10,000; SOAK_CLIENTS,
 * default 20; SOAK_OFFLINE_MS, default 30,000). On PostgreSQL when DATABASE_URL is set (a scratch
 * database is made on it), else on the embedded database. Exits 1 when a command was lost or
 * applied twice.
 */
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`)
  return value
}
const commands = number('SOAK_COMMANDS', 10_000)
const result = await runSoak({
  commands,
  clients: number('SOAK_CLIENTS', 20),
  offlineMs: number('SOAK_OFFLINE_MS', 30_000),
  offlineEpisodes: Math.max(2, Math.round(commands / 500)),
  reloads: Math.max(5, Math.round(commands / 100)),
  kills: Math.max(1, Math.round(commands / 2000)),
  databaseUrl: process.env.DATABASE_URL ?? null,
  clientTimeoutMs: 1500,
  sendBudgetMs: number('SOAK_SEND_BUDGET_MS', 40 * 60_000),
  settleBudgetMs: 180_000,
  log: (line) => console.log(line),
})
console.log(`(${result.seconds.toFixed(0)} s)`)
process.exit(result.lost === 0 && result.duplicated === 0 && result.problems.length === 0 ? 0 : 1)
