import { expect } from 'vitest';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { adminToken, apiCall } from '../helpers/browser';
import { created, depositFor, registeredStudent, staffAccount } from './staff-fixtures';

// A deliberation ready to run (or already published) in one direction, built through the real API
// as the admin for the browser tests of the deliberation and of the offers: a cité and the open
// session of `ville`'s direction, criterion types whose criteria feed the deliberation lists,
// registry students who register and deposit, the analysis (every criterion VALIDE), the phase
// moved to DELIBERATION, one place per quota, the regional manager, and on demand the publication.

/** A student of the deliberation; the fixture fills in its password, token and dossier. */
export interface Candidate {
  key: string;
  ine: string;
  email: string;
  moyenneBac: string;
  /** The labels of the criteria it chooses (a mandatory type other tests made: its first). */
  criteres: string[];
  password?: string;
  token?: string;
  idDossier?: number;
}

export interface DeliberationOptions {
  /** The test file's own city (DIRECTIONS_BY_FILE). */
  ville: string;
  tag: string;
  nbLit: number;
  /** The students' family name in the registry (`${nom}${i}`) and their guarantor (`${nom} Issa`). */
  nom: string;
  /** The regional manager's user name is `dr.${managerTag}`. */
  managerTag: string;
  types: {
    libelle: string;
    coefficient: number;
    obligatoire: boolean;
    criteres: { libelle: string; note: number; liste: string | null }[];
  }[];
  students: Candidate[];
  /** The criteria (labels) given one place each. */
  quotas: string[];
  /** When given, the regional manager publishes with this seed. */
  publishSeed?: string;
}

export interface Deliberation {
  token: string;
  idDirection: number;
  idSession: number;
  /** The criteria of this run, by label. */
  critereIds: Record<string, number>;
  manager: { userName: string; password: string };
}

/** A call with the token `as` (empty: none) that must answer 200 or 201. */
export async function okAs<T>(as: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(method, p, { token: as, body });
  expect([200, 201], `${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.body;
}

export async function deliberationReady(opts: DeliberationOptions): Promise<Deliberation> {
  const token = await adminToken();
  const ok = <T>(method: string, p: string, body?: unknown) => okAs<T>(token, method, p, body);
  const villes = await ok<{ idVille: number; nomVille: string; idDirection: number }[]>(
    'GET',
    'campus/ville',
  );
  const ville = villes.find((v) => v.nomVille === opts.ville)!;
  const { idDirection } = ville;
  await created(token, 'cite', {
    idVille: ville.idVille,
    nomCite: `Cité de ${opts.ville} ${opts.tag}`,
    nbLit: opts.nbLit,
    adresseCite: opts.ville,
  });
  const sessions = await ok<{ idSessionCenou: number; idDirection: number; statutSession: string }[]>(
    'GET',
    'campus/session-cenou',
  );
  const open = sessions.find((s) => s.idDirection === idDirection && s.statutSession === 'OUVERT');
  const idSession = open
    ? open.idSessionCenou
    : (
        await created<{ idSessionCenou: number }>(token, 'session-cenou', {
          idDirection,
          etatSession: 'INSCRIPTION',
          statutSession: 'OUVERT',
          dateOuverture: '2026-09-01',
          delaiReponseHeures: 72,
          // The lists these tests check are those without the agency's share (docs/agency-rules.md).
          partFemmes: 0,
        })
      ).idSessionCenou;
  const manager = await staffAccount(token, 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR', idDirection, opts.managerTag);

  const critereIds: Record<string, number> = {};
  for (const t of opts.types) {
    const { idTypeCritere } = await created<{ idTypeCritere: number }>(token, 'type-critere', {
      libelleTypeCritere: t.libelle,
      coefficient: t.coefficient,
      typeItem: 'Liste',
      statutItem: t.obligatoire ? 'OBLIGATOIRE' : 'FACULTATIF',
    });
    for (const c of t.criteres) {
      const critere = await created<{ idCritere: number }>(token, 'critere', {
        libelleCritere: c.libelle,
        note: c.note,
        idTypeCritere,
        justificatifRequis: false,
        listeDeliberation: c.liste,
      });
      critereIds[c.libelle] = critere.idCritere;
    }
  }

  // The students in the registry, each registered (password by mail) and signed in.
  const rows = opts.students.map((s, i) => ({
    ...REGISTRY_TEMPLATE_EXAMPLE,
    ine: s.ine,
    nomEtudiant: `${opts.nom}${i}`,
    prenomEtudiant: `Élève ${s.key}`,
    dateNaissance: '12/03/2004',
    villeOrientation: opts.ville,
    moyenneBac: s.moyenneBac,
  }));
  const csv = [REGISTRY_COLUMNS.join(';'), ...rows.map((r) => REGISTRY_COLUMNS.map((c) => r[c]).join(';'))];
  await ok('POST', 'campus/registre-etudiant/import', {
    nomFichier: `registre-${opts.ville.toLowerCase()}.csv`,
    fichier: Buffer.from(`${csv.join('\r\n')}\r\n`, 'utf8').toString('base64'),
  });
  for (const s of opts.students) {
    Object.assign(
      s,
      await registeredStudent({
        ine: s.ine,
        dateNaissance: '2004-03-12',
        email: s.email,
        personnelBesoin: `${opts.nom} Issa`,
        contact: '70 00 00 00',
      }),
    );
  }

  // Deposits, the analysis, then the deliberation phase and its quotas.
  const movePhase = async (etatSession: string) => {
    const current = await ok<Record<string, unknown>>('GET', `campus/session-cenou/${idSession}`);
    await ok('PUT', `campus/session-cenou/${idSession}`, { ...current, etatSession });
  };
  for (const s of opts.students)
    s.idDossier = (await depositFor(s.ine, s.token!, (c) => s.criteres.includes(c.libelleCritere))).idDossier;
  await movePhase('ANALYSE');
  for (const s of opts.students) {
    const d = await ok<{ listeDossierCritere: Record<string, unknown>[] }>(
      'GET',
      `campus/dossier/depot?ineEtudiant=${s.ine}&idDossier=${s.idDossier}`,
    );
    await ok('PATCH', 'campus/analyse-dossier', {
      ...d,
      listeDossierCritere: d.listeDossierCritere.map((e) => ({ ...e, valeurAnalyse: 'VALIDE' })),
    });
  }
  await movePhase('DELIBERATION');
  for (const c of opts.quotas)
    await created(token, 'quota', {
      idDirection,
      idSessionCenou: idSession,
      idCritere: critereIds[c],
      valeurQuota: 1,
    });

  if (opts.publishSeed !== undefined) {
    const signin = await okAs<{ accessToken: string }>('', 'POST', 'campus-auth/signin', {
      username: manager.userName,
      password: manager.password,
    });
    await okAs(signin.accessToken, 'POST', 'campus/deliberation', {
      idSessionCenou: idSession,
      idDirection,
      seed: opts.publishSeed,
    });
  }
  return { token, idDirection, idSession, critereIds, manager };
}
