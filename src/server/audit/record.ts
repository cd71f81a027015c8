import type { AuditAction } from '../../domain/messages-labels';
import { getResource } from '../../domain/resources/definitions';
import { storedFields } from '../../domain/resources/shape';
import type { FieldDef, ResourceDef, ResourceRow } from '../../domain/resources/types';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import { insertAudit, insertAudits, insertPastAudits } from './repository';

/**
 * The audit log (docs/roles.md 'audit log'): who changed what, written by the
 * change's own transaction, so that a write that rolls back leaves no audit row and a committed
 * write always has one. Read by `GET campus/audit` (src/server/modules/audit). The entries are
 * written by `./repository.ts`, the table's one writer.
 */

/** Who acted: the signed-in account (an `Actor`, or just its id and name); `null` = the system. */
export type AuditActor = Pick<Actor, 'id' | 'userName' | 'procuration'>;

export interface AuditEntry {
  action: AuditAction;
  /** API name of what changed: a resource (`cite`, `users`…) or `registre-etudiant`. */
  resource: string;
  resourceId?: string | number | null;
  detail?: Record<string, unknown> | null;
  /** When the step happened, when a service is given its clock (the demo's past days); now by default. */
  at?: Date;
}

/** Keys never written to the log, at any depth: secrets and what only serves to check them. */
const SECRET_KEYS = new Set([
  'password',
  'password2',
  'passwordHash',
  'password_hash',
  'tokenVersion',
  'token_version',
]);
/** Keys of written data that mean a password was set. */
const PASSWORD_KEYS = ['password', 'passwordHash', 'password_hash'];

/** The detail without secrets, at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!SECRET_KEYS.has(key)) out[key] = withoutSecrets(v);
  return out;
}

/** Writes one audit row in the caller's transaction `tx`. */
export async function recordAudit(tx: Db, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  // A helper's act (docs/procurations.md) names its procuration and the helper's address.
  const helper = actor?.procuration;
  const full = helper
    ? {
        ...(entry.detail ?? {}),
        procuration: { idProcuration: helper.idProcuration, tache: helper.tache, adresse: helper.adresse },
      }
    : entry.detail;
  const detail = full == null ? null : JSON.stringify(withoutSecrets(full));
  await insertAudit(tx, {
    at: entry.at?.toISOString() ?? null,
    userId: actor?.id ?? null,
    userName: actor?.userName ?? null,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId == null ? null : String(entry.resourceId),
    detail,
  });
}

/** Writes several audit rows of one author in one statement (a cité's assignment: one per bed). */
export async function recordAudits(tx: Db, actor: AuditActor | null, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  const list = entries.map((e) => ({
    action: e.action,
    resource: e.resource,
    resourceId: e.resourceId == null ? null : String(e.resourceId),
    detail: e.detail == null ? null : withoutSecrets(e.detail),
  }));
  await insertAudits(
    tx,
    { userId: actor?.id ?? null, userName: actor?.userName ?? null },
    JSON.stringify(list),
  );
}

/**
 * Entries of past steps, each with its own author and day (the demo's seasons, written after their
 * rows in bulk: src/server/seed/journal.ts), in one statement.
 */
export async function recordPastAudits(
  tx: Db,
  entries: (AuditEntry & { actor: AuditActor | null; at: Date })[],
): Promise<void> {
  if (!entries.length) return;
  const list = entries.map((e) => ({
    at: e.at.toISOString(),
    userId: e.actor?.id ?? null,
    userName: e.actor?.userName ?? null,
    action: e.action,
    resource: e.resource,
    resourceId: e.resourceId == null ? null : String(e.resourceId),
    detail: e.detail == null ? null : withoutSecrets(e.detail),
  }));
  await insertPastAudits(tx, JSON.stringify(list));
}

/** The fields of a row that the log shows: stored, readable (never a password), own to the resource. */
function loggedFields(def: ResourceDef): FieldDef[] {
  return storedFields(def).filter((f) => !f.writeOnly && f.type !== 'password' && !SECRET_KEYS.has(f.name));
}

const blank = (v: unknown) => v === undefined || v === null || v === '';
const same = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** The readable name of the parent row a ref field points at, from the display fields of the child row. */
function refLabel(field: FieldDef, row: ResourceRow): string | undefined {
  if (field.type !== 'ref' || !field.ref || blank(row[field.name])) return undefined;
  const label = getResource(field.ref).optionLabel(row).trim();
  return label === '' ? undefined : label;
}

/**
 * The audit entry of a generic write (src/server/crud/service.ts), built from the resource's
 * definition only (no resource-specific code):
 * - CREER, SUPPRIMER: `{libelle, valeurs, libelles}`: the row's own fields (a ref's parent named
 *   in `libelles`), as created or as they were before the delete;
 * - MODIFIER: `{libelle, modifications: {champ: {avant, apres, libelleAvant?, libelleApres?}}}`:
 *   the fields whose value changed, and `motDePasseModifie: true` when the write set a password
 *   (seen from the written data; the password and its hash are never logged).
 * `row` is the row as the API returns it (after the write; before it for a delete), `before`
 * the row before an update, `data` what the update wrote.
 */
export function resourceChange(
  action: 'CREER' | 'MODIFIER' | 'SUPPRIMER',
  def: ResourceDef,
  row: ResourceRow,
  before?: ResourceRow,
  data?: Record<string, unknown>,
): AuditEntry {
  const fields = loggedFields(def);
  const detail: Record<string, unknown> = { libelle: def.optionLabel(row).trim() };
  if (action === 'MODIFIER' && before) {
    const modifications: Record<string, unknown> = {};
    for (const f of fields) {
      if (same(before[f.name], row[f.name])) continue;
      const change: Record<string, unknown> = { avant: before[f.name] ?? null, apres: row[f.name] ?? null };
      const labelBefore = refLabel(f, before);
      const labelAfter = refLabel(f, row);
      if (labelBefore !== undefined) change.libelleAvant = labelBefore;
      if (labelAfter !== undefined) change.libelleApres = labelAfter;
      modifications[f.name] = change;
    }
    detail.modifications = modifications;
    if (PASSWORD_KEYS.some((k) => !blank(data?.[k]))) detail.motDePasseModifie = true;
  } else {
    const valeurs: Record<string, unknown> = {};
    const libelles: Record<string, string> = {};
    for (const f of fields) {
      valeurs[f.name] = row[f.name] ?? null;
      const label = refLabel(f, row);
      if (label !== undefined) libelles[f.name] = label;
    }
    detail.valeurs = valeurs;
    if (Object.keys(libelles).length) detail.libelles = libelles;
  }
  return { action, resource: def.name, resourceId: row[def.idField] as number, detail };
}
