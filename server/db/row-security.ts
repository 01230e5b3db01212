import type { Db } from './db.ts'

/**
 * Tenancy in the database. Every school-owned table has row-level security, enabled and forced, with
 * one policy: the request role sees and writes only the rows of the school its transaction names.
 * A request with a signed-in caller runs each statement as that role (`SET LOCAL` of the role and of
 * `app.school_id`, through `asRequestRole`), so a statement that forgets its school filter still
 * reaches no other school's rows. The role is no superuser, owns nothing and cannot bypass row
 * security. The connecting role (the tables' owner) keeps full access for the work no caller makes:
 * migrations, sign-in by email, mail delivery, pruning, the seed.
 */
export const requestRole = 'fasl_request'

/** Sets, for the rest of the transaction, the request role and the school ($1, as text). */
export const asRequestRole = {
  sql: `SELECT set_config('role', '${requestRole}', true), set_config('app.school_id', $1, true)`,
} as const

/** The same for the rest of the session: only on connections that run nothing but school statements (db.ts). */
export const asRequestRoleForSession = {
  sql: `SELECT set_config('role', '${requestRole}', false), set_config('app.school_id', $1, false)`,
} as const

/** Back to the connecting role for the rest of the transaction (a statement across schools). */
export const ownerRole = { sql: `SELECT set_config('role', 'none', true)` } as const

const policyName = 'fasl_school_only'

// current_setting(…, true) is NULL when no school was set: the request role then sees nothing.
const schoolOnly = `current_user <> '${requestRole}' OR school_id = nullif(current_setting('app.school_id', true), '')::integer`

/** The role, once per database cluster; two servers starting together may race to make it. */
const createRole = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${requestRole}') THEN
    CREATE ROLE ${requestRole} NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  -- A connecting role that is no superuser may take the request role only as its member.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, '${requestRole}', 'MEMBER') THEN
    EXECUTE format('GRANT ${requestRole} TO %I', current_user);
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$`

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Makes sure the request role exists, may use every table and sequence of the current schema (tables
 * added since by a migration included), and that each of `tables` has row security forced with the
 * school policy. Runs at every start, after the migrations, under their lock; changes nothing when
 * all is in place. A declared table without `school_id` is a mistake and stops the start.
 */
export const ensureRowSecurity = async (db: Db, tables: ReadonlyArray<string>): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('fasl migrations ' || current_schema()))`)
    const withSchool = new Set(
      (
        await tx.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'school_id'`,
        )
      ).map((row) => row.table_name),
    )
    const missing = tables.filter((table) => !withSchool.has(table))
    if (missing.length > 0) throw new Error(`school-owned tables without school_id: ${missing.join(', ')}`)
    await tx.script(createRole)
    await tx.script(`
      GRANT USAGE ON SCHEMA ${quoted(await currentSchema(tx))} TO ${requestRole};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${quoted(await currentSchema(tx))} TO ${requestRole};
      GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${quoted(await currentSchema(tx))} TO ${requestRole};`)
    const secured = new Set(
      (
        await tx.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relrowsecurity AND c.relforcerowsecurity
              AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = $1)`,
          [policyName],
        )
      ).map((row) => row.name),
    )
    for (const table of tables.filter((name) => !secured.has(name)))
      await tx.script(`
        ALTER TABLE ${quoted(table)} ENABLE ROW LEVEL SECURITY;
        ALTER TABLE ${quoted(table)} FORCE ROW LEVEL SECURITY;
        DROP POLICY IF EXISTS ${policyName} ON ${quoted(table)};
        CREATE POLICY ${policyName} ON ${quoted(table)} USING (${schoolOnly}) WITH CHECK (${schoolOnly});`)
  })
}

const currentSchema = async (tx: Pick<Db, 'query'>) => (await tx.query<{ name: string }>('SELECT current_schema() AS name'))[0]!.name
