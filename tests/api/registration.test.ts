import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '../../src/domain/messages';
import { one, rows } from '../../src/server/db/client';
import { createRegistryStudent, directionId, type RegistrySpec } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';

let t: TestContext;

const STUDENTS: Record<string, RegistrySpec> = {
  awa: {
    ine: 'R10000000001',
    nomEtudiant: 'Ouédraogo',
    prenomEtudiant: 'Awa',
    sexeEtudiant: 'F',
    dateNaissance: '2003-05-14',
    lieuNaissance: 'Bobo-Dioulasso',
    telEtudiant: '76 54 32 10',
    emailEtudiant: 'awa.ouedraogo@exemple.bf',
    universite: 'Université Nazi Boni',
    filiere: 'Informatique',
    niveau: 'Licence 1',
    villeOrientation: 'Bobo-Dioulasso',
    anneeBac: 2022,
    serieBac: 'C',
    moyenneBac: 14.5,
  },
  issa: {
    ine: 'R10000000002',
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Issa',
    sexeEtudiant: 'M',
    dateNaissance: '2002-11-02',
    villeOrientation: 'Ouagadougou',
  },
  bintou: {
    ine: 'R10000000003',
    nomEtudiant: 'Traoré',
    prenomEtudiant: 'Bintou',
    sexeEtudiant: 'F',
    dateNaissance: '2004-01-20',
    villeOrientation: 'Koudougou',
  },
  locked: {
    ine: 'R10000000004',
    nomEtudiant: 'Kéré',
    prenomEtudiant: 'Yacouba',
    sexeEtudiant: 'M',
    dateNaissance: '2001-09-09',
    villeOrientation: 'Kaya',
  },
  other: {
    ine: 'R10000000005',
    nomEtudiant: 'Zida',
    prenomEtudiant: 'Claire',
    sexeEtudiant: 'F',
    dateNaissance: '2003-03-03',
    villeOrientation: 'Ouagadougou',
  },
};

function form(s: RegistrySpec, over: Record<string, unknown> = {}) {
  return {
    ine: s.ine,
    dateNaissance: s.dateNaissance,
    emailEtudiant: `${s.prenomEtudiant.toLowerCase()}.${s.ine.toLowerCase()}@exemple.bf`,
    personnelBesoin: 'Ouédraogo Salif',
    contact: '70 00 00 01',
    engagementStatutReglement: true,
    engagementPersonnelCaution: true,
    declarationSurHonneur: true,
    luApprouve: true,
    ...over,
  };
}

const lookup = (ine: string, date?: string) =>
  t.api(
    'GET',
    `campus-auth/hebergement-etudiant/${encodeURIComponent(ine)}${date === undefined ? '' : `?dateNaissance=${date}`}`,
  );
const register = (body: unknown) => t.api('POST', 'campus-auth/hebergement-etudiant/', { body });

async function accountsOf(ine: string) {
  return rows<{
    id: number;
    role: string;
    id_direction: number;
    nom: string;
    prenom: string;
    email: string;
    password_hash: string;
  }>(
    t.database.db,
    sql`SELECT id, role, id_direction, nom, prenom, email, password_hash FROM users WHERE upper(user_name) = upper(${ine})`,
  );
}
async function mailsTo(recipient: string) {
  return rows<{ subject: string; text_body: string }>(
    t.database.db,
    sql`SELECT subject, text_body FROM outbox_mail WHERE recipient = ${recipient} ORDER BY id`,
  );
}
async function outboxCount() {
  return (await one<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM outbox_mail`))!.n;
}

beforeAll(async () => {
  t = await setupTestApp({ INE_MAX_FAILURES: 10, INE_WINDOW_MINUTES: 15 });
  for (const s of Object.values(STUDENTS)) await createRegistryStudent(t.database.db, s);
});
afterAll(() => t.close());

describe('INE look-up', () => {
  it('returns the identity only, the phone masked but for its last 4 characters, the e-mail but for its first letter and domain', async () => {
    const res = await lookup('R10000000001', '2003-05-14');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ine: 'R10000000001',
      nomEtudiant: 'Ouédraogo',
      prenomEtudiant: 'Awa',
      sexeEtudiant: 'F',
      dateNaissance: '2003-05-14',
      lieuNaissance: 'Bobo-Dioulasso',
      telEtudiant: '*******2 10',
      emailEtudiant: 'a*****@exemple.bf',
      universite: 'Université Nazi Boni',
      filiere: 'Informatique',
      niveau: 'Licence 1',
      villeOrientation: 'Bobo-Dioulasso',
      typePays: 'NATIONAL',
      libellePays: 'Burkina Faso',
      serieBac: 'C',
      moyenneBac: 14.5,
      anneeBac: 2022,
    });
  });

  it('ignores the case of the INE', async () => {
    expect((await lookup('r10000000001', '2003-05-14')).statusCode).toBe(200);
  });

  it('gives one identical 404 for a wrong birth date, an unknown INE and a malformed INE', async () => {
    const wrongDate = await lookup('R10000000002', '2002-11-03');
    const unknown = await lookup('R19999999999', '2002-11-02');
    const malformed = await lookup('R1-0', '2002-11-02');
    for (const res of [wrongDate, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'INTROUVABLE', message: messages.ineInvalide });
    }
  });

  it('asks for the birth date (400) without saying anything about the INE', async () => {
    const none = await lookup('R10000000002');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].champ).toBe('dateNaissance');
    const bad = await lookup('R10000000002', '2002-13-45');
    expect(bad.statusCode).toBe(400);
    expect((await lookup('R19999999999')).json()).toEqual(none.json());
  });

  it('locks an INE after ten failed look-ups (429, even with the right date), without locking another INE', async () => {
    const { ine, dateNaissance } = STUDENTS.locked;
    for (let i = 0; i < 10; i++) {
      const res = await lookup(ine, `1999-01-${String(i + 10)}`);
      expect(res.statusCode).toBe(404);
    }
    const locked = await lookup(ine, dateNaissance);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'TROP_DE_TENTATIVES', message: messages.tropDeTentativesIne });
    const registerLocked = await register(form(STUDENTS.locked));
    expect(registerLocked.statusCode).toBe(429);
    expect(await accountsOf(ine)).toEqual([]);
    // Same address, another INE: still answered.
    expect((await lookup(STUDENTS.other.ine, STUDENTS.other.dateNaissance)).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('refuses a wrong birth date with the same 404 and creates nothing', async () => {
    const before = await outboxCount();
    const res = await register(form(STUDENTS.awa, { dateNaissance: '2003-05-15' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'INTROUVABLE', message: messages.ineInvalide });
    expect(await accountsOf(STUDENTS.awa.ine)).toEqual([]);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a missing checkbox with the catalogue message and creates nothing', async () => {
    const before = await outboxCount();
    const res = await register(form(STUDENTS.awa, { luApprouve: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().message).toBe(messages.donneesComplementaires);
    expect(res.json().errors).toEqual([{ champ: 'luApprouve', message: messages.caseACocher }]);
    const absent = await register({ ...form(STUDENTS.awa), declarationSurHonneur: undefined });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().errors.map((e: { champ: string }) => e.champ)).toEqual(['declarationSurHonneur']);
    expect(await accountsOf(STUDENTS.awa.ine)).toEqual([]);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a blank contact, a blank person to warn and a missing or bad e-mail, naming each field', async () => {
    const res = await register(
      form(STUDENTS.awa, { contact: '   ', personnelBesoin: '', emailEtudiant: 'pas-un-email' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.donneesComplementaires);
    const champs = res
      .json()
      .errors.map((e: { champ: string }) => e.champ)
      .sort();
    expect(champs).toEqual(['contact', 'emailEtudiant', 'personnelBesoin']);
    expect(res.json().errors.find((e: { champ: string }) => e.champ === 'contact').message).toBe(
      messages.champObligatoire,
    );
    const noEmail = await register({ ...form(STUDENTS.awa), emailEtudiant: undefined });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual([{ champ: 'emailEtudiant', message: expect.any(String) }]);
    expect(await accountsOf(STUDENTS.awa.ine)).toEqual([]);
  });

  it('answers 400, never 500, to bodies that are not a form', async () => {
    for (const body of [
      '"texte"',
      '[]',
      '{"ine": 12}',
      'null',
      JSON.stringify(form(STUDENTS.awa, { personnelBesoin: 'a\u0000b' })),
    ]) {
      const res = await t.api('POST', 'campus-auth/hebergement-etudiant', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('creates the account from the registry, never from the body, and queues the password mail', async () => {
    const body = form(STUDENTS.awa, {
      nomEtudiant: 'Pirate',
      prenomEtudiant: 'Intrus',
      villeOrientation: 'Ouagadougou',
      role: 'ROLE_HEBERGEMENT_ADMIN',
    });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.inscriptionReussie, username: 'R10000000001' });

    const [account, ...more] = await accountsOf(STUDENTS.awa.ine);
    expect(more).toEqual([]);
    expect(account).toMatchObject({
      role: 'ROLE_HEBERGEMENT_ETUDIANT',
      id_direction: await directionId(t.database.db, 'BOB'),
      nom: 'Ouédraogo',
      prenom: 'Awa',
      email: body.emailEtudiant,
    });
    expect(account.password_hash).toMatch(/^\$argon2id\$/);

    const registry = await one<Record<string, unknown>>(
      t.database.db,
      sql`SELECT id_user, email_etudiant, personnel_besoin, contact, engagement_statut_reglement, engagement_personnel_caution,
                 declaration_sur_honneur, lu_approuve, nom_etudiant FROM registre_etudiant WHERE ine = ${STUDENTS.awa.ine}`,
    );
    expect(registry).toEqual({
      id_user: account.id,
      email_etudiant: body.emailEtudiant,
      personnel_besoin: 'Ouédraogo Salif',
      contact: '70 00 00 01',
      engagement_statut_reglement: true,
      engagement_personnel_caution: true,
      declaration_sur_honneur: true,
      lu_approuve: true,
      nom_etudiant: 'Ouédraogo',
    });

    const mails = await mailsTo(body.emailEtudiant);
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toMatch(/^Mot de passe\u00a0: \S{12}$/m);
    expect(mails[0].text_body).toContain('Identifiant (INE)\u00a0: R10000000001');

    // Staff see the student as registered.
    const list = await t.api('GET', 'campus/registre-etudiant?q=R10000000001', {
      token: await t.token('admin'),
    });
    expect(list.json()[0]).toMatchObject({ compte: true, personnelBesoin: 'Ouédraogo Salif' });

    // The audit journal names the account's creation, by the student itself, and its student.
    const journal = await t.api('GET', 'campus/audit?filtre.action=CREER_COMPTE', {
      token: await t.token('admin'),
    });
    expect(journal.statusCode, journal.body).toBe(200);
    const created = (
      journal.json() as {
        userName: string | null;
        resourceId: string | null;
        resume: string;
        libelleUtilisateur: string | null;
        libelleObjet: string | null;
      }[]
    ).filter((r) => r.resourceId === String(account.id));
    expect(created).toEqual([
      expect.objectContaining({
        userName: 'R10000000001',
        resume: messages.auditCompteCree,
        libelleUtilisateur: 'Ouédraogo Awa (INE R10000000001)',
        libelleObjet: expect.stringContaining('Ouédraogo Awa'),
      }),
    ]);
  });

  it('says at the look-up that the account exists (409, no identity), only with the right birth date', async () => {
    const res = await lookup(STUDENTS.awa.ine, STUDENTS.awa.dateNaissance);
    expect(res.statusCode).toBe(409);
    // What the account creation would answer, and nothing of the identity.
    expect(res.json()).toEqual({ code: 'DOUBLON', message: messages.compteExistant });
    const wrongDate = await lookup(STUDENTS.awa.ine, '1990-01-01');
    expect(wrongDate.statusCode).toBe(404);
    expect(wrongDate.json()).toEqual({ code: 'INTROUVABLE', message: messages.ineInvalide });
  });

  it('refuses a second registration with 409 and the catalogue message, creating nothing', async () => {
    const before = await outboxCount();
    const res = await register(form(STUDENTS.awa, { emailEtudiant: 'autre@exemple.bf' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'DOUBLON', message: messages.compteExistant });
    expect(await accountsOf(STUDENTS.awa.ine)).toHaveLength(1);
    expect(await outboxCount()).toBe(before);
  });

  it('gives one account and one mail when the same student registers twice at once', async () => {
    const before = await outboxCount();
    const results = await Promise.all([
      register(form(STUDENTS.issa)),
      register(form(STUDENTS.issa)),
      register(form(STUDENTS.issa)),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(messages.compteExistant);
    expect(await accountsOf(STUDENTS.issa.ine)).toHaveLength(1);
    expect(await outboxCount()).toBe(before + 1);
  });

  it('registers a student whose INE is typed in lower case, under the registry INE', async () => {
    const res = await register(form(STUDENTS.bintou, { ine: 'r10000000003' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('R10000000003');
    const [account] = await accountsOf('R10000000003');
    expect(account.id_direction).toBe(await directionId(t.database.db, 'KDG'));
  });
});

describe('per-address limit of the public registration calls', () => {
  it('answers 429 past PUBLIC_RATE_PER_MINUTE calls from one address', async () => {
    const small = await setupTestApp({ PUBLIC_RATE_PER_MINUTE: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await small.api('GET', 'campus-auth/hebergement-etudiant/N00000000001?dateNaissance=2004-03-12'))
            .statusCode,
        );
      }
      // The fixture's N00000000001 has an account (409 at the look-up); the fourth call is refused first.
      expect(statuses).toEqual([409, 409, 409, 429]);
      const posts: number[] = [];
      for (let i = 0; i < 4; i++)
        posts.push((await small.api('POST', 'campus-auth/hebergement-etudiant', { body: {} })).statusCode);
      expect(posts).toEqual([400, 400, 400, 429]);
      const limited = await small.api('POST', 'campus-auth/hebergement-etudiant', { body: {} });
      expect(limited.json().code).toBe('TROP_DE_TENTATIVES');
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await small.close();
    }
  });
});

describe('OpenAPI description', () => {
  it('lists the registry and registration calls', async () => {
    const docs = await t.api('GET', '/service/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/service/api/hebergement-cenou/campus-auth/hebergement-etudiant/{ine}',
        '/service/api/hebergement-cenou/campus-auth/hebergement-etudiant',
        '/service/api/hebergement-cenou/campus/registre-etudiant',
        '/service/api/hebergement-cenou/campus/registre-etudiant/import',
        '/service/api/hebergement-cenou/campus/registre-etudiant/modele',
      ]),
    );
  });
});
