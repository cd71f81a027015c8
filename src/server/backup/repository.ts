/**
 * The statements of the backups (docs/decisions/022-backup-and-restore.md). They run on a plain
 * query function, so that the same text serves PGlite, a pooled PostgreSQL database and the
 * PostgreSQL connection that holds the snapshot `pg_dump` reads.
 */
export type RunSql = <T extends Record<string, unknown>>(text: string) => Promise<T[]>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The rows of every table of the `public` schema, by table name (sorted). */
export async function tableCounts(run: RunSql): Promise<Record<string, number>> {
  const tables = await run<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await run<{ n: string | number }>(
      `SELECT count(*)::bigint AS n FROM public.${quoteIdent(name)}`,
    );
    counts[name] = Number(row.n);
  }
  return counts;
}

/** How many tables, views and sequences the database holds outside the system's schemas. */
export async function userRelations(run: RunSql): Promise<number> {
  const [row] = await run<{ n: string | number }>(
    `SELECT count(*)::bigint AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
       AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
  );
  return Number(row.n);
}

/** Opens a read-only snapshot on this connection and exports it for `pg_dump --snapshot`. */
export async function exportSnapshot(run: RunSql): Promise<string> {
  await run(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`);
  const [row] = await run<{ id: string }>(`SELECT pg_export_snapshot() AS id`);
  return row.id;
}

export async function endSnapshot(run: RunSql): Promise<void> {
  await run(`COMMIT`);
}
