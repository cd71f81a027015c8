/**
 * The deposit scenario (issue 8 item 9): students with an account and no dossier, each depositing
 * once with three 1 MB PDF proofs as multipart/form-data (docs/sessions-and-dossiers.md). The students are prepared
 * in the bench's own throw-away PostgreSQL database (registry rows of Ouagadougou, whose session
 * takes deposits, and accounts sharing one password), then signed in through the API; the
 * multipart body is built once: the student comes from the token, never from the body.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../src/server/security/passwords';
import { textPdf } from '../../src/server/seed/pdf';
import { api, signin } from './api';
import { insertStudents } from './stage';

/** Proof size: 1 MB (the limit is 3,000,000 bytes a file). */
export const PROOF_BYTES = 1_000_000;
export const PROOFS = 3;

export interface Depositors {
  ines: string[];
  tokens: string[];
  prepareSeconds: number;
}

/**
 * Adds `count` students of Ouagadougou with an account (INE `BD…`, one shared password) straight
 * into the database, then signs each in through the API (`concurrency` at once).
 */
export async function prepareDepositors(
  databaseUrl: string,
  baseUrl: string,
  count: number,
  concurrency = 10,
  /** Two capital letters starting each INE made (another scenario of the same run uses another). */
  prefix = 'BD',
): Promise<Depositors> {
  const started = Date.now();
  const password = `Depot-${randomBytes(6).toString('hex')}`;
  const hash = await hashPassword(password);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  let ines: string[];
  try {
    const open = await client.query<{ id: number }>(
      `SELECT s.id_session_cenou AS id FROM session_cenou s JOIN direction d USING (id_direction)
        WHERE d.sigle_direction = 'OUA' AND s.deleted_at IS NULL AND s.statut_session = 'OUVERT' AND s.etat_session = 'INSCRIPTION'`,
    );
    if (!open.rows.length)
      throw new Error("pas de session de Ouagadougou ouverte en inscription : le dépôt n'est pas mesurable");
    await client.query('BEGIN');
    const made = await insertStudents(client, {
      prefix,
      count,
      prenom: 'Dépôt',
      searchWord: 'depot',
      passwordHash: hash,
    });
    await client.query('COMMIT');
    await client.query('ANALYZE registre_etudiant; ANALYZE users');
    ines = made.map((r) => r.ine);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
  if (ines.length !== count) throw new Error(`${ines.length} étudiants préparés au lieu de ${count}`);

  const tokens: string[] = new Array<string>(ines.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ines.length) {
        const i = next++;
        tokens[i] = await signin(baseUrl, ines[i], password);
      }
    }),
  );
  return { ines, tokens, prepareSeconds: (Date.now() - started) / 1000 };
}

export interface FormType {
  idTypeCritere: number;
  libelleTypeCritere: string;
  obligatoire: boolean;
  listeCritere: { idCritere: number; libelleCritere: string; obligatoire: boolean }[];
}

/**
 * Three answers whose criteria need a proof, read from the deposit form of one of the students:
 * every mandatory type first, then optional types, each with its first criterion that needs a proof.
 */
export async function chooseCriteria(
  baseUrl: string,
  token: string,
  ine: string,
): Promise<{ idTypeCritere: number; idCritere: number; nomFichier: string }[]> {
  const res = await api<{ listeDossierCritere?: FormType[] }>(
    baseUrl,
    'GET',
    `campus/dossier/depot/?ineEtudiant=${encodeURIComponent(ine)}`,
    { token },
  );
  if (res.status !== 200 || !res.body?.listeDossierCritere)
    throw new Error(`formulaire de dépôt : ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return proofEntries(res.body.listeDossierCritere);
}

/** The choice of `chooseCriteria`, from a deposit form already read (bench/lib/season.ts reads it in each journey). */
export function proofEntries(
  listeDossierCritere: FormType[],
): { idTypeCritere: number; idCritere: number; nomFichier: string }[] {
  const types = [...listeDossierCritere].sort((a, b) => Number(b.obligatoire) - Number(a.obligatoire));
  const out: { idTypeCritere: number; idCritere: number; nomFichier: string }[] = [];
  for (const t of types) {
    const c = t.listeCritere.find((x) => x.obligatoire);
    if (c)
      out.push({
        idTypeCritere: t.idTypeCritere,
        idCritere: c.idCritere,
        nomFichier: `justificatif-${t.idTypeCritere}.pdf`,
      });
    else if (t.obligatoire)
      throw new Error(`type obligatoire sans critère à justificatif : ${t.libelleTypeCritere}`);
    if (out.length === PROOFS) break;
  }
  if (out.length < PROOFS) throw new Error(`seulement ${out.length} types avec un critère à justificatif`);
  return out;
}

/** The multipart body of one deposit: the `dossier` field and one 1 MB PDF per answer. */
export function depositBody(entries: { idTypeCritere: number; idCritere: number; nomFichier: string }[]): {
  body: Buffer;
  contentType: string;
} {
  const boundary = `----cenou-banc-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="dossier"\r\n\r\n${JSON.stringify({ listeDossierCritere: entries })}\r\n`,
    ),
  ];
  for (const e of entries) {
    // About 1 MB: a one-page PDF with an unused padding stream.
    const pdf = textPdf('Justificatif du banc d’essai', [e.nomFichier], PROOF_BYTES - 1_000);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fichier-${e.idTypeCritere}"; filename="${e.nomFichier}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      pdf,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
