import { createWriteStream } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { expect, vi } from 'vitest';
import { ADMISSIBLE_COLUMNS, type AdmissibleColumn } from '../../src/domain/admissibles';
import { REGISTRY_COLUMNS, type RegistryColumn } from '../../src/domain/registry';
import { adminToken, apiCall } from '../helpers/browser';
import { passwordOf, readMailDir } from '../helpers/mail';
import { PATIENCE_MS } from '../helpers/wait';
import { e2eServer } from '../helpers/e2e';

// Data for the staff screens' browser tests, prepared through the real API as the admin and as a
// student (the e2e server runs with DEMO_DATA=0 in its own process): a cité and an open session in
// a direction, criterion types and criteria, a registry student who registers and deposits with a
// PDF proof, then the session moved on, and a regional manager of that direction.

/**
 * The browser test files share one server and run in an order that differs from one machine to
 * the next: each file that opens or moves a direction's session keeps a direction of its own.
 */
export const DIRECTIONS_BY_FILE = {
  'deposit.test.ts': 'Ouagadougou',
  /** Deposits only, as deposit.test.ts: the session stays in INSCRIPTION, the direction shared. */
  'weak-network.test.ts': 'Ouagadougou',
  /** Only deposits, as deposit.test.ts does: the same direction, whose session no file moves on. */
  'photos.test.ts': 'Ouagadougou',
  'analysis.test.ts': 'Koudougou',
  'deliberation.test.ts': 'Kaya',
  /** Shared with deliberation.test.ts: it closes the session it finds moved on, and its own at its end. */
  'room-choice-staff.test.ts': 'Kaya',
  'offers.test.ts': 'Tenkodogo',
  'assignment.test.ts': 'Banfora',
  /** Shared with assignment.test.ts: it closes the session it finds moved on and deposits in a new one, closed at its end. */
  'room-choice.test.ts': 'Banfora',
  'layout.test.ts': 'Manga',
  /** Shared with layout.test.ts: both deposit by the API and leave the session in INSCRIPTION. */
  'offline.test.ts': 'Manga',
  'staff-deposits.test.ts': 'Dori',
  'keyboard.test.ts': 'Ziniaré',
  /** keyboard.test.ts's analysis and dialogs: a second direction, its session moved to ANALYSE. */
  'keyboard.test.ts#analyse': 'Dédougou',
  'screens.test.ts': "Fada N'Gourma",
  /** The same walk's other half (screens-fixtures.ts): deposits only, the direction shared. */
  'screens-admin.test.ts': "Fada N'Gourma",
  'screen-words.test.ts': 'Ouahigouya',
  /** A deposit in the browser, then a deliberation published on the same session. */
  'screen-defects.test.ts': 'Bobo-Dioulasso',
  /** Deposits only (the session stays in INSCRIPTION), as deposit.test.ts: the direction shared. */
  'staff-tables.test.ts': 'Ouagadougou',
  /** A helper's draft only, never a deposit: the session stays in INSCRIPTION, the direction shared. */
  'procurations.test.ts': 'Ouagadougou',
  /** A student in the registry with its account only: no deposit. */
  'first-paint.test.ts': 'Ouagadougou',
} as const;

export interface Made {
  token: string;
  idDirection: number;
  libelleDirection: string;
  idSessionCenou: number;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  idDossier: number;
  referenceDossier: string;
  /** The criteria of this run, by label: the type's coefficient and the criterion's note. */
  criteres: Record<string, { idTypeCritere: number; idCritere: number; coefficient: number; note: number }>;
}

export async function created<T>(token: string, resource: string, body: unknown): Promise<T> {
  const res = await apiCall<T>('POST', `campus/${resource}`, { token, body });
  expect(res.status, `${resource}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

/** Where twoBedRoom's room is: its cité, its category, its building, level and corridor. */
export interface TwoBedRoom {
  idCite: number;
  idCategorieChambre: number;
  idBatiment: number;
  idNiveau: number;
  idCouloir: number;
}

/**
 * A cité of one women's building ('Bâtiment A'), one level, one corridor and one room 'A01' of two
 * beds at `montant` a month, made through the settings' calls as an admin would.
 */
export async function twoBedRoom(
  token: string,
  opts: { idVille: number; nomCite: string; tag: string; montant: number },
): Promise<TwoBedRoom> {
  const { idCite } = await created<{ idCite: number }>(token, 'cite', {
    idVille: opts.idVille,
    nomCite: opts.nomCite,
    nbLit: 2,
    adresseCite: 'Secteur 2',
  });
  const { idCategorieChambre } = await created<{ idCategorieChambre: number }>(token, 'categorie-chambre', {
    idCite,
    libelleCategorieChambre: `Chambre double ${opts.tag}`,
    montantChambre: opts.montant,
  });
  const { idBatiment } = await created<{ idBatiment: number }>(token, 'batiment', {
    idCite,
    libelleBatiment: 'Bâtiment A',
    codeBatiment: 'A',
    sexe: 'F',
  });
  const { idNiveau } = await created<{ idNiveau: number }>(token, 'niveau', {
    idCite,
    idBatiment,
    libelleNiveau: 'Rez-de-chaussée',
    codeNiveau: '0',
  });
  const { idCouloir } = await created<{ idCouloir: number }>(token, 'couloir', {
    idCite,
    idBatiment,
    idNiveau,
    libelleCouloir: 'Couloir 1',
    codeCouloir: '1',
  });
  const { idChambre } = await created<{ idChambre: number }>(token, 'chambre', {
    idCite,
    idBatiment,
    idNiveau,
    idCouloir,
    idCategorieChambre,
    libelleChambre: 'A01',
    codeChambre: 'A01',
  });
  for (const i of [1, 2])
    await created(token, 'lit', {
      idCite,
      idBatiment,
      idNiveau,
      idCouloir,
      idChambre,
      libelleLit: `Lit ${i}`,
      codeLit: String(i),
    });
  return { idCite, idCategorieChambre, idBatiment, idNiveau, idCouloir };
}

/**
 * A cité of one mixed building, one level, one corridor and rooms of two beds each, made through
 * the settings' calls as an admin would: the rooms' ids by their code.
 */
export async function mixedBuilding(
  token: string,
  o: {
    idVille: number;
    nomCite: string;
    adresseCite: string;
    libelleCategorie: string;
    montantChambre: number;
    pavillon: { libelle: string; code: string };
    rooms: readonly string[];
  },
): Promise<{ idCite: number; rooms: Record<string, number> }> {
  const { idCite } = await created<{ idCite: number }>(token, 'cite', {
    idVille: o.idVille,
    nomCite: o.nomCite,
    nbLit: 2 * o.rooms.length,
    adresseCite: o.adresseCite,
  });
  const categorie = await created<{ idCategorieChambre: number }>(token, 'categorie-chambre', {
    idCite,
    libelleCategorieChambre: o.libelleCategorie,
    montantChambre: o.montantChambre,
  });
  const b = await created<{ idBatiment: number }>(token, 'batiment', {
    idCite,
    libelleBatiment: o.pavillon.libelle,
    codeBatiment: o.pavillon.code,
    sexe: 'MIXTE',
  });
  const n = await created<{ idNiveau: number }>(token, 'niveau', {
    idCite,
    idBatiment: b.idBatiment,
    libelleNiveau: 'Rez-de-chaussée',
    codeNiveau: '0',
  });
  const c = await created<{ idCouloir: number }>(token, 'couloir', {
    idCite,
    idBatiment: b.idBatiment,
    idNiveau: n.idNiveau,
    libelleCouloir: 'Couloir 1',
    codeCouloir: '1',
  });
  const rooms: Record<string, number> = {};
  for (const code of o.rooms) {
    const ch = await created<{ idChambre: number }>(token, 'chambre', {
      idCite,
      idBatiment: b.idBatiment,
      idNiveau: n.idNiveau,
      idCouloir: c.idCouloir,
      idCategorieChambre: categorie.idCategorieChambre,
      libelleChambre: code,
      codeChambre: code,
    });
    rooms[code] = ch.idChambre;
    for (let i = 1; i <= 2; i++)
      await created(token, 'lit', {
        idCite,
        idBatiment: b.idBatiment,
        idNiveau: n.idNiveau,
        idCouloir: c.idCouloir,
        idChambre: ch.idChambre,
        libelleLit: `Lit ${i}`,
        codeLit: String(i),
      });
  }
  return { idCite, rooms };
}

/** A real one-page PDF (pdf.js draws it). */
export function pdfBytes(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(title, { align: 'center' });
    doc.end();
  });
}

/** Writes a PDF to the run's temporary folder (for a download check). */
export function pdfFile(name: string, title: string): Promise<string> {
  const file = path.join(e2eServer().tmpDir, name);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const out = createWriteStream(file);
    out.on('finish', () => resolve(file));
    out.on('error', reject);
    doc.pipe(out);
    doc.fontSize(20).text(title);
    doc.end();
  });
}

/** The first mail to `address` in the run's mail folder, waited for (up to PATIENCE_MS). */
export async function mailTo(address: string) {
  const dir = path.join(e2eServer().dataDir, 'mail');
  const find = () => readMailDir(dir).find((m) => m.to.includes(address));
  await vi.waitUntil(find, { timeout: PATIENCE_MS, interval: 100 }).catch(() => {
    throw new Error(`no mail to ${address} in ${dir}`);
  });
  return find()!;
}

/**
 * A registry student's registration (`campus-auth/hebergement-etudiant/`, every engagement
 * accepted), then its sign-in with the password the registration mailed.
 */
export async function registeredStudent(opts: {
  ine: string;
  dateNaissance: string;
  email: string;
  personnelBesoin: string;
  contact: string;
}): Promise<{ password: string; token: string }> {
  const registered = await apiCall('POST', 'campus-auth/hebergement-etudiant/', {
    body: {
      ine: opts.ine,
      dateNaissance: opts.dateNaissance,
      emailEtudiant: opts.email,
      personnelBesoin: opts.personnelBesoin,
      contact: opts.contact,
      engagementStatutReglement: true,
      engagementPersonnelCaution: true,
      declarationSurHonneur: true,
      luApprouve: true,
    },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const password = passwordOf(await mailTo(opts.email));
  const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
    body: { username: opts.ine, password },
  });
  expect(signin.status).toBe(200);
  return { password, token: signin.body.accessToken };
}

interface FormType {
  idTypeCritere: number;
  libelleTypeCritere: string;
  obligatoire: boolean;
  justificatif: boolean;
  listeCritere: { idCritere: number; libelleCritere: string; obligatoire: boolean }[];
}

/**
 * The student's deposit, in JSON with base64 proofs (docs/sessions-and-dossiers.md): in each type of the form, the
 * criterion `mine` picks, else (a type other tests made) the first criterion of a mandatory type;
 * a proof goes with a criterion that needs one, and with one picked in a type that takes proofs.
 */
export async function depositFor(
  ine: string,
  studentToken: string,
  mine: (critere: FormType['listeCritere'][number]) => boolean,
): Promise<{ idDossier: number; referenceDossier: string }> {
  const form = await apiCall<{ listeDossierCritere: FormType[] }>(
    'GET',
    `campus/dossier/depot/?ineEtudiant=${encodeURIComponent(ine)}`,
    { token: studentToken },
  );
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  const pdf = (await pdfBytes(`Justificatif ${ine}`)).toString('base64');
  const entries = [];
  for (const type of form.body.listeDossierCritere) {
    const picked = type.listeCritere.find(mine);
    const choice = picked ?? (type.obligatoire ? type.listeCritere[0] : undefined);
    if (!choice) continue;
    const withProof = choice.obligatoire || (picked !== undefined && type.justificatif);
    entries.push({
      idTypeCritere: type.idTypeCritere,
      idCritere: choice.idCritere,
      ...(withProof ? { nomFichier: `justificatif-${type.idTypeCritere}.pdf`, fichier: pdf } : {}),
    });
  }
  const deposit = await apiCall<{ idDossier: number; referenceDossier: string }>('PUT', 'campus/dossier', {
    token: studentToken,
    body: { typeDossier: 'NOUVEAU', listeDossierCritere: entries },
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  return deposit.body;
}

/** The options of a direction prepared for a student of this run (see `depositedDossier`). */
export interface StudentOptions {
  tag: string;
  ville: string;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  types: {
    libelle: string;
    coefficient: number;
    obligatoire: boolean;
    critere: string;
    note: number;
    proof: boolean;
  }[];
  /** false: the student is in the registry only (it registers itself); default true. */
  register?: boolean;
}

/** A student of `ville`'s direction, ready to deposit, and what was made for it. */
export interface Prepared extends Omit<Made, 'idDossier' | 'referenceDossier'> {
  /** The open session as the API answered it. */
  session: Record<string, unknown>;
  /** The registry's birth date (ISO) and the e-mail the account was made with. */
  dateNaissance: string;
  email: string;
  /** The mailed password (empty when the student was not registered). */
  password: string;
}

/**
 * A cité and the open session (in INSCRIPTION) of `ville`'s direction, this run's criterion types
 * and criteria, the student in the registry and, unless `register: false`, its account (the
 * password read from the mail).
 */
export async function preparedStudent(opts: StudentOptions): Promise<Prepared> {
  const token = await adminToken();
  const villes = await apiCall<{ idVille: number; nomVille: string; idDirection: number }[]>(
    'GET',
    'campus/ville',
    {
      token,
    },
  );
  const ville = villes.body.find((v) => v.nomVille === opts.ville)!;
  const directions = await apiCall<{ idDirection: number; libelleDirection: string }[]>(
    'GET',
    'campus/direction',
    {
      token,
    },
  );
  const direction = directions.body.find((d) => d.idDirection === ville.idDirection)!;
  await created(token, 'cite', {
    idVille: ville.idVille,
    nomCite: `Cité ${opts.ville} ${opts.tag}`,
    nbLit: 100,
    adresseCite: 'Secteur 1',
  });

  // The direction's open session, in INSCRIPTION for the deposit.
  const sessions = await apiCall<Record<string, unknown>[]>('GET', 'campus/session-cenou', { token });
  let session = sessions.body.find(
    (s) => s.idDirection === ville.idDirection && s.statutSession === 'OUVERT',
  );
  if (!session)
    session = await created<Record<string, unknown>>(token, 'session-cenou', {
      idDirection: ville.idDirection,
      etatSession: 'INSCRIPTION',
      statutSession: 'OUVERT',
      dateOuverture: '2026-09-01',
      dateFermeture: null,
      // The lists these tests check are those without the agency's share (docs/agency-rules.md).
      partFemmes: 0,
    });
  expect(
    session.etatSession,
    `${opts.ville}: another browser test file already moved this direction's session on; each file keeps its own direction (see DIRECTIONS_BY_FILE)`,
  ).toBe('INSCRIPTION');

  const criteres: Made['criteres'] = {};
  for (const t of opts.types) {
    const type = await created<{ idTypeCritere: number }>(token, 'type-critere', {
      libelleTypeCritere: t.libelle,
      coefficient: t.coefficient,
      typeItem: 'Liste',
      statutItem: t.obligatoire ? 'OBLIGATOIRE' : 'FACULTATIF',
    });
    const critere = await created<{ idCritere: number }>(token, 'critere', {
      libelleCritere: t.critere,
      note: t.note,
      idTypeCritere: type.idTypeCritere,
      justificatifRequis: t.proof,
      listeDeliberation: null,
    });
    criteres[t.critere] = {
      idTypeCritere: type.idTypeCritere,
      idCritere: critere.idCritere,
      coefficient: t.coefficient,
      note: t.note,
    };
  }

  // The registry, then the student's account (its password comes by mail).
  const student: Record<RegistryColumn, string> = {
    ine: opts.ine,
    nomEtudiant: opts.nomEtudiant,
    prenomEtudiant: opts.prenomEtudiant,
    sexeEtudiant: 'F',
    dateNaissance: '2004-03-08',
    lieuNaissance: opts.ville,
    telEtudiant: '70 11 22 33',
    emailEtudiant: `${opts.ine.toLowerCase()}@registre.bf`,
    universite: 'Université Norbert Zongo',
    filiere: 'Sociologie',
    niveau: 'Licence 1',
    villeOrientation: opts.ville,
    anneeAcademique: '2026-2027',
    anneeBac: '2025',
    serieBac: 'A4',
    moyenneBac: '13,5',
    libellePays: 'Burkina Faso',
    typePays: 'NATIONAL',
  };
  const csv = `${REGISTRY_COLUMNS.join(';')}\r\n${REGISTRY_COLUMNS.map((c) => student[c]).join(';')}\r\n`;
  const imported = await apiCall('POST', 'campus/registre-etudiant/import', {
    token,
    body: { nomFichier: 'registre.csv', fichier: Buffer.from(csv, 'utf8').toString('base64') },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const email = `${opts.ine.toLowerCase()}@exemple.bf`;
  const done = (password: string): Prepared => ({
    token,
    idDirection: ville.idDirection,
    libelleDirection: direction.libelleDirection,
    idSessionCenou: Number(session.idSessionCenou),
    ine: opts.ine,
    nomEtudiant: opts.nomEtudiant,
    prenomEtudiant: opts.prenomEtudiant,
    criteres,
    session,
    dateNaissance: student.dateNaissance,
    email,
    password,
  });
  if (opts.register === false) return done('');
  const { password } = await registeredStudent({
    ine: opts.ine,
    dateNaissance: student.dateNaissance,
    email,
    personnelBesoin: 'Kaboré Adama',
    contact: '76 00 00 00',
  });
  return done(password);
}

/**
 * Everything a staff screen needs to show one deposited dossier in `ville`'s direction, the
 * session left in `phase`. `types` are this run's criterion types (each with one criterion the
 * student chooses); any other live type the deposit form asks for is answered with its first
 * criterion (and a proof when that criterion needs one).
 */
export async function depositedDossier(
  opts: Omit<StudentOptions, 'register'> & { phase: 'INSCRIPTION' | 'ANALYSE' | 'DELIBERATION' },
): Promise<Made> {
  const prepared = await preparedStudent(opts);
  const { token, criteres, session } = prepared;
  const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
    body: { username: opts.ine, password: prepared.password },
  });
  expect(signin.status).toBe(200);
  const studentToken = signin.body.accessToken;

  const ids = new Set(Object.values(criteres).map((c) => c.idCritere));
  const deposit = await depositFor(opts.ine, studentToken, (c) => ids.has(c.idCritere));

  // The session moves on (as the admin would on the sessions screen).
  if (opts.phase !== 'INSCRIPTION') await movedSession(token, session, opts.phase);

  return {
    token,
    idDirection: prepared.idDirection,
    libelleDirection: prepared.libelleDirection,
    idSessionCenou: prepared.idSessionCenou,
    ine: opts.ine,
    nomEtudiant: opts.nomEtudiant,
    prenomEtudiant: opts.prenomEtudiant,
    idDossier: deposit.idDossier,
    referenceDossier: deposit.referenceDossier,
    criteres,
  };
}

/** Moves an open session to a later phase (as the admin would on the sessions screen). */
export async function movedSession(
  token: string,
  session: Record<string, unknown>,
  phase: 'ANALYSE' | 'DELIBERATION',
): Promise<void> {
  const moved = await apiCall('PUT', `campus/session-cenou/${Number(session.idSessionCenou)}`, {
    token,
    body: {
      idDirection: session.idDirection,
      etatSession: phase,
      statutSession: 'OUVERT',
      dateOuverture: String(session.dateOuverture).slice(0, 10),
      dateFermeture: session.dateFermeture ?? null,
    },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

/** A staff account made by the admin through the users' call (its e-mail from its user name). */
async function staffUser(
  token: string,
  o: {
    userName: string;
    nom: string;
    prenom: string;
    role: string;
    idDirection: number | null;
    password: string;
  },
): Promise<number> {
  const { id } = await created<{ id: number }>(token, 'users', {
    userName: o.userName,
    nom: o.nom,
    prenom: o.prenom,
    email: `${o.userName}@cenou.bf`,
    idDirection: o.idDirection,
    role: o.role,
    password: o.password,
  });
  return id;
}

/**
 * A staff account: a regional manager of `idDirection`; a central manager, who belongs to no
 * direction (docs/roles.md), is made without one.
 */
export async function staffAccount(
  token: string,
  role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR' | 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
  idDirection: number,
  tag: string,
): Promise<{ userName: string; password: string }> {
  const userName = `${role.endsWith('DR') ? 'dr' : 'cenou'}.${tag}`;
  const password = 'Personnel-2026-x';
  await staffUser(token, {
    userName,
    nom: 'Ouédraogo',
    prenom: 'Mariam',
    idDirection: role.endsWith('DR') ? idDirection : null,
    role,
    password,
  });
  return { userName, password };
}

/** The password of the cité agents citeAgent makes. */
export const AGENT_PASSWORD = 'Agent-cite-2026-e2e';

/**
 * A cité agent, Kaboré Salam, who belongs to no direction (its scope is its cités), given
 * `idCites` as the admin would on the « Agents de cité » screen.
 */
export async function citeAgent(
  token: string,
  userName: string,
  idCites: readonly number[],
): Promise<{ id: number; userName: string; password: string }> {
  const password = AGENT_PASSWORD;
  const id = await staffUser(token, {
    userName,
    nom: 'Kaboré',
    prenom: 'Salam',
    idDirection: null,
    role: 'ROLE_HEBERGEMENT_AGENT_CITE',
    password,
  });
  const given = await apiCall('PUT', `campus/agent-cite/${id}`, { token, body: { citesAgent: idCites } });
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  return { id, userName, password };
}

/** A student given a bed in a direction of its own (see `housedStudent`). */
export interface Housed {
  made: Made;
  /** The student's password, mailed at its registration. */
  studentPassword: string;
  /** The cité's room of two beds (twoBedRoom), at `montant` a month. */
  room: TwoBedRoom;
  idAffectation: number;
}

/**
 * A woman student given a bed, in a direction and a ville of this run's own (so that no other
 * browser file moves its session): the direction and the ville made, the student's dossier
 * deposited with one criterion of this run and the session moved to DELIBERATION, a cité of one
 * room of two beds (twoBedRoom), the student admitted by the admissibles' upload and given a bed
 * there. `what` names the direction, the criterion and its type; `sigle` starts the direction's
 * acronym. `inventaire` names the elements of the room's inventory (one of each, of its category),
 * made before the bed is given. `beforeAssignment` runs once the room is made and before the bed is
 * given (a session's rent settings, which the assignment's instalments follow).
 */
export async function housedStudent(opts: {
  tag: string;
  ville: string;
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  what: string;
  sigle: string;
  nomCite: string;
  montant: number;
  inventaire?: readonly string[];
  beforeAssignment?: (made: Made, room: TwoBedRoom) => Promise<void>;
}): Promise<Housed> {
  const { tag, ville, ine, nomEtudiant, prenomEtudiant } = opts;
  const token = await adminToken();
  const dir = await created<{ idDirection: number }>(token, 'direction', {
    libelleDirection: `Direction régionale ${opts.what} ${tag}`,
    sigleDirection: `${opts.sigle}${tag}`.slice(0, 20),
  });
  const { idVille } = await created<{ idVille: number }>(token, 'ville', {
    nomVille: ville,
    idDirection: dir.idDirection,
  });
  const made = await depositedDossier({
    tag,
    ville,
    ine,
    nomEtudiant,
    prenomEtudiant,
    phase: 'DELIBERATION',
    types: [
      {
        libelle: `Situation ${opts.what} ${tag}`,
        coefficient: 1,
        obligatoire: false,
        critere: `Aucune situation ${opts.what} ${tag}`,
        note: 1,
        proof: false,
      },
    ],
  });
  const room = await twoBedRoom(token, { idVille, nomCite: opts.nomCite, tag, montant: opts.montant });
  for (const libelleElement of opts.inventaire ?? [])
    await created(token, 'element-inventaire', {
      idCategorieChambre: room.idCategorieChambre,
      libelleElement,
      quantite: 1,
    });
  await opts.beforeAssignment?.(made, room);
  // The admission by the admissibles' upload (its answer accepted), then the bed.
  const row: Record<AdmissibleColumn, string> = {
    ine,
    nomEtudiant,
    prenomEtudiant,
    sexeEtudiant: 'F',
    dateNaissance: '08/03/2004',
    lieuNaissance: ville,
    anneeBac: '2025',
    moyenne: '13,50',
    villeOrientation: ville,
  };
  const csv = `${ADMISSIBLE_COLUMNS.join(';')}\r\n${ADMISSIBLE_COLUMNS.map((c) => row[c]).join(';')}\r\n`;
  const uploaded = await apiCall('POST', 'campus/chargement-admissibles', {
    token,
    body: {
      nomFichier: 'admissibles.csv',
      fichier: Buffer.from(csv, 'utf8').toString('base64'),
      idSession: made.idSessionCenou,
    },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
  const assigned = await apiCall<{ affectes: { idAffectation: number }[] }>('POST', 'campus/affectation', {
    token,
    body: { idSessionCenou: made.idSessionCenou, idCite: room.idCite, etudiants: [ine] },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBeLessThan(300);
  const studentPassword = passwordOf(await mailTo(`${ine.toLowerCase()}@exemple.bf`));
  return { made, studentPassword, room, idAffectation: assigned.body.affectes[0].idAffectation };
}
