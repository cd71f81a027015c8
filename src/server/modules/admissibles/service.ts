import type { SQL } from 'drizzle-orm';
import { checkAdmissibleFile } from '../../../domain/admissibles';
import type { Permission } from '../../../domain/permissions';
import { assertCanReach, directionOf } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { fieldErrors } from '../../errors';
import { readCsvUpload } from '../../imports/csv-upload';
import { lockOpenSession, reachableSession } from '../../sessions/open-session';
import { liveVilles } from '../registry/repository';
import { admisFilters, analyzeLoaded, replaceLoaded } from './repository';
import { queryId, requiredQueryId } from '../../lists/pipeline';

/**
 * The conditions of the admissible lists (`etudiant-admis`, `export-deliberation`): one session
 * (required; 404 when unknown), the actor's scope (a regional manager: its own direction, 403 for
 * another direction or another direction's session), and the direction asked for.
 */
export async function admisConditions(
  db: Db,
  actor: Actor | null,
  permission: Permission,
  query: Record<string, unknown>,
): Promise<SQL[]> {
  const idSessionCenou = requiredQueryId(query, 'idSessionCenou');
  const idDirection = directionOf(actor, permission, queryId(query, 'idDirection'));
  await reachableSession(db, actor, permission, idSessionCenou);
  return admisFilters(actor, permission, { idSessionCenou, idDirection });
}

/**
 * `POST campus/chargement-admissibles` (docs/deliberation.md): a CSV of admissible students for a session
 * OUVERT and in DELIBERATION; every row checked first (one bad row rejects the file, 400 with
 * `{ligne, champ, message}`); a good file replaces the students loaded before for that session,
 * in one transaction → `{importes, dejaAdmis}` (`dejaAdmis`: of them, already admitted by the
 * deliberation, listed once).
 */
export async function uploadAdmissibles(
  db: Db,
  actor: Actor | null,
  input: { nomFichier: string; fichier: string; idSession: number },
): Promise<{ importes: number; dejaAdmis: number }> {
  const text = readCsvUpload(input);
  const { rows, errors } = checkAdmissibleFile(text, await liveVilles(db));
  if (errors.length) throw fieldErrors(errors, 'importRejete');
  const result = await withTransaction(db, async (tx) => {
    const session = await lockOpenSession(tx, { idSessionCenou: input.idSession }, 'admissibleUpload');
    assertCanReach(actor, 'admissibles.upload', { idDirection: session.idDirection });
    const { dejaAdmis } = await replaceLoaded(tx, session, rows, actor?.id ?? null);
    await recordAudit(tx, actor, {
      action: 'IMPORTER',
      resource: 'chargement-admissibles',
      resourceId: input.idSession,
      detail: {
        // eslint-disable-next-line no-control-regex
        nomFichier: input.nomFichier.replace(/[\u0000-\u001f]/g, ''),
        importes: rows.length,
        misAJour: 0,
      },
    });
    return { importes: rows.length, dejaAdmis };
  });
  if (rows.length >= 1000) void analyzeLoaded(db).catch(() => undefined);
  return result;
}
