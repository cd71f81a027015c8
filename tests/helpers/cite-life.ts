/**
 * Life in the cité fixtures (docs/life-in-the-cite.md): a cité with its inventory, an assignment
 * of an admitted student written by plain SQL, an agent given its cités through the API, a photo
 * sent through the resumable uploads.
 */
import { sql } from 'drizzle-orm';
import { API_BASE } from '../../src/domain/api';
import { AGENT_CITE } from '../../src/domain/enums';
import { one, type Db } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { hashPassword } from '../../src/server/security/passwords';
import type { TestContext } from './app';
import { insertAdmitted, insertCite, type MadeCite } from './assignment';

let serial = 0;

/** A cité of one room of two beds, its category's inventory of three elements. */
export async function citeWithInventory(db: Db, ville = 'Ouagadougou') {
  const cite: MadeCite = await insertCite(db, {
    ville,
    batiments: [{ code: 'A', sexe: 'MIXTE', chambres: [{ code: '101', lits: 2 }] }],
  });
  const elements: number[] = [];
  for (const [libelle, quantite] of [
    ['Lit et matelas', 1],
    ['Porte et serrure', 1],
    ['Chaise', 2],
  ] as const) {
    const row = await one<{ id: number }>(
      db,
      sql`INSERT INTO element_inventaire (id_categorie_chambre, libelle_element, quantite)
          VALUES (${cite.idCategorie}, ${libelle}, ${quantite}) RETURNING id_element_inventaire AS id`,
    );
    elements.push(row!.id);
  }
  return { ...cite, elements };
}

/** An admitted student of the session who accepted, given the bed `lit` of the cité; its account can sign in. */
export async function assignedStudent(
  t: TestContext,
  cite: MadeCite,
  idSessionCenou: number,
  lit: string,
  password: string,
) {
  const db = t.database.db;
  const s = await insertAdmitted(db, { idSessionCenou, sexe: 'F' });
  const idLit = cite.lits[lit];
  const idChambre = cite.chambres[lit.split('/').slice(0, 4).join('/')];
  const row = await one<{ id: number }>(
    db,
    sql`INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
        VALUES (${idSessionCenou}, ${s.idDossier}, ${s.idEtudiant}, ${cite.idCite}, ${idChambre}, ${idLit},
                ${`VIE-${(serial += 1)}-${Date.now()}`})
        RETURNING id_affectation AS id`,
  );
  await db.execute(
    sql`UPDATE users SET password_hash = ${await hashPassword(password)} WHERE id = ${s.idUser}`,
  );
  return { ...s, idAffectation: row!.id, idLit, token: await signIn(t, s.ine, password) };
}

export async function signIn(t: TestContext, username: string, password: string): Promise<string> {
  const res = await t.api('POST', 'campus-auth/signin', { body: { username, password } });
  if (res.statusCode !== 200) throw new Error(`signin ${username}: ${res.statusCode} ${res.body}`);
  return (res.json() as { accessToken: string }).accessToken;
}

/** An agent account given these cités by the admin (through the API), signed in. */
export async function agentOf(t: TestContext, cites: number[], password: string) {
  const userName = `agent.cite.${(serial += 1)}`;
  const id = await createUser(t.database.db, { userName, password, role: AGENT_CITE, idDirection: null });
  const res = await t.api('PUT', `campus/agent-cite/${id}`, {
    token: await t.token('admin'),
    body: { citesAgent: cites },
  });
  if (res.statusCode !== 200) throw new Error(`agent-cite: ${res.statusCode} ${res.body}`);
  return { id, userName, token: await signIn(t, userName, password) };
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

/** A small JPEG's bytes (its magic number, then filler): what the server checks of a photo. */
export const jpegBytes = (size = 2048) => {
  const b = Buffer.alloc(size, 0x20);
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return b;
};

/** Sends a photo through the resumable uploads (one POST, one PATCH); its upload id. */
export async function uploadPhoto(t: TestContext, token: string, bytes = jpegBytes(), name = 'chaise.jpg') {
  const res = await t.api('POST', 'campus/televersement', {
    token,
    headers: {
      ...TUS,
      'upload-length': String(bytes.length),
      'upload-metadata': `usage ${b64('photo')},filename ${b64(name)}`,
    },
  });
  if (res.statusCode !== 201) throw new Error(`televersement: ${res.statusCode} ${res.body}`);
  const id = (res.headers.location as string).split('/').pop()!;
  const patch = await t.app.inject({
    method: 'PATCH',
    url: `${API_BASE}/campus/televersement/${id}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
  if (patch.statusCode !== 204) throw new Error(`PATCH: ${patch.statusCode} ${patch.body}`);
  return id;
}
