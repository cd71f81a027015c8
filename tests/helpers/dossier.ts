import { randomBytes } from 'node:crypto';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { ETUDIANT } from '../../src/domain/enums';
import { rows } from '../../src/server/db/client';
import { createRegistryStudent, createUser, directionId } from '../../src/server/seed/factories';
import type { TestContext } from './app';
import type { Fixtures } from './resources';
import { uniq } from './resources';

/** A real PDF of one page (pdfkit), with a text to tell documents apart. */
export function realPdf(text = 'Justificatif'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5', compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text(text);
    doc.end();
  });
}

/** A minimal valid PDF padded with a comment to exactly `size` bytes. */
export function pdfOfSize(size: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%',
  );
  const tail = Buffer.from('\n%%EOF\n');
  const padding = Buffer.alloc(size - head.length - tail.length, 'x');
  return Buffer.concat([head, padding, tail]);
}

/** A text file (not a PDF), to be sent under a `.pdf` name. */
export const textFile = () => Buffer.from('Ceci est un simple fichier texte, pas un PDF.\n');

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, and its content type. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----cenou${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `Content-Type: ${p.contentType ?? 'application/pdf'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Every document of the storage (pending and placed, a write in progress included), as keys: the
 * files under the storage root, or the `document` rows with `DOCUMENTS_STORE=database`.
 */
export async function storedFiles(t: TestContext): Promise<string[]> {
  if (t.config.DOCUMENTS_STORE === 'database') {
    const found = await rows<{ cle: string }>(t.database.db, sql`SELECT cle FROM document`);
    return found.map((f) => f.cle).sort();
  }
  const root = path.join(t.config.DATA_DIR, 'documents');
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const p = path.join(dir, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** Makes stored documents look written at `when` (a file's time, or the row's), for the sweeps. */
export async function ageDocuments(t: TestContext, keys: string[], when: Date): Promise<void> {
  if (t.config.DOCUMENTS_STORE === 'database') {
    for (const key of keys)
      await t.database.db.execute(
        sql`UPDATE document SET modifie_le = ${when.toISOString()}::timestamptz WHERE cle = ${key}`,
      );
    return;
  }
  const root = path.join(t.config.DATA_DIR, 'documents');
  for (const key of keys) utimesSync(path.join(root, ...key.split('/')), when, when);
}

/** The bytes written so far into the documents under `prefix/` that are still being written. */
export async function bytesInProgress(t: TestContext, prefix: string): Promise<number[]> {
  if (t.config.DOCUMENTS_STORE === 'database') {
    const found = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT coalesce(sum(octet_length(p.octets)), 0)::int AS n
          FROM document d LEFT JOIN document_partie p ON p.id_document = d.id_document
          WHERE NOT d.complet AND d.cle LIKE ${`${prefix}/%`} GROUP BY d.id_document`,
    );
    return found.map((f) => f.n);
  }
  const dir = path.join(t.config.DATA_DIR, 'documents', prefix);
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.name.endsWith('.tmp'))
      .map((e) => statSync(path.join(dir, e.name)).size);
  } catch {
    return [];
  }
}

export async function dossierCount(t: TestContext, where = sql`TRUE`): Promise<number> {
  const r = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM dossier WHERE ${where}`,
  );
  return r[0].n;
}

/** A student with an account in a ville: its token. */
export async function studentAccount(
  t: TestContext,
  opts: { ine: string; ville: string; sigle: string; password?: string },
): Promise<{ idUser: number; idEtudiant: number; token: string }> {
  const db = t.database.db;
  const password = opts.password ?? 'Etudiant-2026-test';
  const idEtudiant = await createRegistryStudent(db, {
    ine: opts.ine,
    nomEtudiant: 'Ouédraogo',
    prenomEtudiant: 'Salimata',
    sexeEtudiant: 'F',
    dateNaissance: '2004-05-05',
    villeOrientation: opts.ville,
  });
  const idUser = await createUser(db, {
    userName: opts.ine,
    password,
    role: ETUDIANT,
    idDirection: await directionId(db, opts.sigle),
    email: `${opts.ine.toLowerCase()}@exemple.bf`,
  });
  await db.execute(sql`UPDATE registre_etudiant SET id_user = ${idUser} WHERE id_etudiant = ${idEtudiant}`);
  const res = await t.api('POST', 'campus-auth/signin', { body: { username: opts.ine, password } });
  if (res.statusCode !== 200) throw new Error(`signin ${opts.ine}: ${res.body}`);
  return { idUser, idEtudiant, token: (res.json() as { accessToken: string }).accessToken };
}

export interface Criteria {
  /** Mandatory type: a1 needs a proof, a2 does not. */
  typeA: number;
  a1: number;
  a2: number;
  /** Optional type: b1 needs a proof. */
  typeB: number;
  b1: number;
  /** Mandatory type: c1 needs a proof. */
  typeC: number;
  c1: number;
}

/** Three criterion types and their criteria, made through the API. */
export async function makeCriteria(f: Fixtures): Promise<Criteria> {
  const type = async (statutItem: string) =>
    (await f.create('type-critere', { libelleTypeCritere: uniq('Type'), statutItem }))
      .idTypeCritere as number;
  const critere = async (idTypeCritere: number, justificatifRequis: boolean) =>
    (await f.create('critere', { idTypeCritere, justificatifRequis, libelleCritere: uniq('Critère') }))
      .idCritere as number;
  const typeA = await type('OBLIGATOIRE');
  const typeB = await type('FACULTATIF');
  const typeC = await type('OBLIGATOIRE');
  return {
    typeA,
    a1: await critere(typeA, true),
    a2: await critere(typeA, false),
    typeB,
    b1: await critere(typeB, true),
    typeC,
    c1: await critere(typeC, true),
  };
}

/** A cité in a ville of the migration. */
export async function makeCite(f: Fixtures, nomVille: string): Promise<number> {
  const villes = await f.list('ville');
  const v = villes.find((x) => x.nomVille === nomVille)!;
  return (await f.create('cite', { idVille: v.idVille })).idCite as number;
}

/** A session of a direction (by sigle), OUVERT in INSCRIPTION unless told otherwise. */
export async function makeSession(
  t: TestContext,
  f: Fixtures,
  sigle: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const idDirection = await directionId(t.database.db, sigle);
  return (
    await f.create('session-cenou', {
      idDirection,
      etatSession: 'INSCRIPTION',
      statutSession: 'OUVERT',
      dateOuverture: '2026-09-01',
      ...overrides,
    })
  ).idSessionCenou as number;
}

/** Moves a session through the API (as the admin). */
export async function setSession(f: Fixtures, idSessionCenou: number, changes: Record<string, unknown>) {
  const current = (await f.get('session-cenou', idSessionCenou)).json() as Record<string, unknown>;
  const res = await f.call('PUT', `campus/session-cenou/${idSessionCenou}`, { ...current, ...changes });
  if (res.statusCode !== 200) throw new Error(`session ${idSessionCenou}: ${res.statusCode} ${res.body}`);
}
