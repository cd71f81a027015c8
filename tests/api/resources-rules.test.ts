import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { RESOURCES } from '../../src/domain/resources/definitions';
import { storedFields } from '../../src/domain/resources/shape';
import type { TestContext } from '../helpers/app';
import { expectCode, expectFieldError, Fixtures, useFixtures, type Body } from '../helpers/resources';

let t: TestContext;
let f: Fixtures;
useFixtures((c) => ({ t, f } = c));

const OBLIGATOIRE = messages.champObligatoire;
const ABSENT = undefined; // JSON leaves the key out

/**
 * Every validation rule of the reference data (docs/decisions/002-reference-data-rules.md and the
 * resource definitions, src/domain/resources/definitions.ts), as [resource, change to a valid body, field named in errors[].champ, message when it is fixed].
 */
const RULES: [string, Body, string, string?][] = [
  // Cité: city selected, bed count non-empty, name non-blank.
  ['cite', { idVille: ABSENT }, 'idVille', OBLIGATOIRE],
  ['cite', { idVille: null }, 'idVille', OBLIGATOIRE],
  ['cite', { idVille: 999999 }, 'idVille', messages.referenceInexistante],
  ['cite', { idVille: 0 }, 'idVille'],
  ['cite', { idVille: 'Ouagadougou' }, 'idVille'],
  ['cite', { nbLit: ABSENT }, 'nbLit', OBLIGATOIRE],
  ['cite', { nbLit: '' }, 'nbLit', OBLIGATOIRE],
  ['cite', { nbLit: 'douze' }, 'nbLit', messages.valeurEntiere],
  ['cite', { nbLit: 12.5 }, 'nbLit', messages.valeurEntiere],
  ['cite', { nbLit: -1 }, 'nbLit', messages.valeurPositive],
  ['cite', { nomCite: '   ' }, 'nomCite', OBLIGATOIRE],
  ['cite', { nomCite: 'x'.repeat(256) }, 'nomCite', messages.valeurTropLongue],
  ['cite', { nomCite: 42 }, 'nomCite', messages.valeurInvalide],
  // Direction: libellé non-blank; e-mail, when given, an address.
  ['direction', { libelleDirection: '' }, 'libelleDirection', OBLIGATOIRE],
  ['direction', { libelleDirection: ABSENT }, 'libelleDirection', OBLIGATOIRE],
  ['direction', { emailDirection: 'pas-une-adresse' }, 'emailDirection', messages.emailInvalide],
  ['direction', { sigleDirection: 'S'.repeat(21) }, 'sigleDirection', messages.valeurTropLongue],
  // Ville: name and direction required.
  ['ville', { nomVille: ' ' }, 'nomVille', OBLIGATOIRE],
  ['ville', { idDirection: ABSENT }, 'idDirection', OBLIGATOIRE],
  ['ville', { idDirection: -1 }, 'idDirection'],
  // Bâtiment: cité, label and code required; sexe M, F or MIXTE.
  ['batiment', { idCite: ABSENT }, 'idCite', OBLIGATOIRE],
  ['batiment', { libelleBatiment: '' }, 'libelleBatiment', OBLIGATOIRE],
  ['batiment', { codeBatiment: '' }, 'codeBatiment', OBLIGATOIRE],
  ['batiment', { codeBatiment: 'C'.repeat(31) }, 'codeBatiment', messages.valeurTropLongue],
  ['batiment', { sexe: 'H' }, 'sexe', messages.choixInvalide],
  ['batiment', { sexe: null }, 'sexe', OBLIGATOIRE],
  // Niveau, couloir: parent and non-blank label.
  ['niveau', { idBatiment: ABSENT }, 'idBatiment', OBLIGATOIRE],
  ['niveau', { libelleNiveau: '' }, 'libelleNiveau', OBLIGATOIRE],
  ['couloir', { idNiveau: ABSENT }, 'idNiveau', OBLIGATOIRE],
  ['couloir', { libelleCouloir: '\t' }, 'libelleCouloir', OBLIGATOIRE],
  // Catégorie de chambre: cité, label and an integer amount ≥ 0.
  ['categorie-chambre', { idCite: ABSENT }, 'idCite', OBLIGATOIRE],
  ['categorie-chambre', { libelleCategorieChambre: '' }, 'libelleCategorieChambre', OBLIGATOIRE],
  ['categorie-chambre', { montantChambre: ABSENT }, 'montantChambre', OBLIGATOIRE],
  ['categorie-chambre', { montantChambre: -100 }, 'montantChambre', messages.valeurPositive],
  ['categorie-chambre', { montantChambre: 99.5 }, 'montantChambre', messages.valeurEntiere],
  ['categorie-chambre', { montantChambre: 'cher' }, 'montantChambre', messages.valeurEntiere],
  ['categorie-chambre', { montantChambre: 1e12 }, 'montantChambre'],
  // Élément d'inventaire: category, non-blank label, a quantity from 1 to 100.
  ['element-inventaire', { idCategorieChambre: ABSENT }, 'idCategorieChambre', OBLIGATOIRE],
  ['element-inventaire', { libelleElement: '' }, 'libelleElement', OBLIGATOIRE],
  ['element-inventaire', { quantite: 0 }, 'quantite'],
  ['element-inventaire', { quantite: 101 }, 'quantite'],
  ['element-inventaire', { quantite: 1.5 }, 'quantite', messages.valeurEntiere],
  // Chambre: couloir, category and non-blank label.
  ['chambre', { idCouloir: ABSENT }, 'idCouloir', OBLIGATOIRE],
  ['chambre', { idCategorieChambre: ABSENT }, 'idCategorieChambre', OBLIGATOIRE],
  ['chambre', { libelleChambre: '' }, 'libelleChambre', OBLIGATOIRE],
  // Lit: chambre and non-blank label.
  ['lit', { idChambre: ABSENT }, 'idChambre', OBLIGATOIRE],
  ['lit', { libelleLit: '' }, 'libelleLit', OBLIGATOIRE],
  // Quota: session, criterion and a valeurQuota above zero.
  ['quota', { idSessionCenou: ABSENT }, 'idSessionCenou', OBLIGATOIRE],
  ['quota', { idCritere: ABSENT }, 'idCritere', OBLIGATOIRE],
  ['quota', { valeurQuota: ABSENT }, 'valeurQuota', OBLIGATOIRE],
  ['quota', { valeurQuota: 0 }, 'valeurQuota', messages.valeurStrictementPositive],
  ['quota', { valeurQuota: -3 }, 'valeurQuota', messages.valeurStrictementPositive],
  ['quota', { valeurQuota: 2.5 }, 'valeurQuota', messages.valeurEntiere],
  // Type de critère: label; coefficient an integer ≥ 0; statutItem OBLIGATOIRE or FACULTATIF.
  ['type-critere', { libelleTypeCritere: '' }, 'libelleTypeCritere', OBLIGATOIRE],
  ['type-critere', { coefficient: ABSENT }, 'coefficient', OBLIGATOIRE],
  ['type-critere', { coefficient: -1 }, 'coefficient', messages.valeurPositive],
  ['type-critere', { coefficient: 1.5 }, 'coefficient', messages.valeurEntiere],
  ['type-critere', { statutItem: 'PARFOIS' }, 'statutItem', messages.choixInvalide],
  // Critère: label; note an integer ≥ 0; type; listeDeliberation among the three lists.
  ['critere', { libelleCritere: '' }, 'libelleCritere', OBLIGATOIRE],
  ['critere', { note: ABSENT }, 'note', OBLIGATOIRE],
  ['critere', { note: -2 }, 'note', messages.valeurPositive],
  ['critere', { note: 'abc' }, 'note', messages.valeurEntiere],
  ['critere', { idTypeCritere: ABSENT }, 'idTypeCritere', OBLIGATOIRE],
  ['critere', { listeDeliberation: 'TOUS' }, 'listeDeliberation', messages.choixInvalide],
  ['critere', { justificatifRequis: 'peut-être' }, 'justificatifRequis', messages.valeurInvalide],
  // Session: direction, status and opening date required; dates YYYY-MM-DD; phase among three.
  ['session-cenou', { idDirection: ABSENT }, 'idDirection', OBLIGATOIRE],
  ['session-cenou', { statutSession: ABSENT }, 'statutSession', OBLIGATOIRE],
  ['session-cenou', { statutSession: 'OUVERTE' }, 'statutSession', messages.choixInvalide],
  ['session-cenou', { etatSession: 'CLOTURE' }, 'etatSession', messages.choixInvalide],
  ['session-cenou', { dateOuverture: ABSENT }, 'dateOuverture', OBLIGATOIRE],
  ['session-cenou', { dateOuverture: '2026-02-30' }, 'dateOuverture', messages.dateInvalide],
  ['session-cenou', { dateOuverture: '01/09/2026' }, 'dateOuverture', messages.dateInvalide],
  ['session-cenou', { dateOuverture: '2026-09-01T08:00:00Z' }, 'dateOuverture', messages.dateInvalide],
  ['session-cenou', { dateFermeture: 'demain' }, 'dateFermeture', messages.dateInvalide],
  [
    'session-cenou',
    { dateOuverture: '2026-09-01', dateFermeture: '2026-08-31' },
    'dateFermeture',
    messages.dateFermetureAvantOuverture,
  ],
  ['session-cenou', { moisLoyer: 0 }, 'moisLoyer', messages.valeurStrictementPositive],
  ['session-cenou', { moisLoyer: 13 }, 'moisLoyer'],
  ['session-cenou', { moisLoyer: 9.5 }, 'moisLoyer', messages.valeurEntiere],
  ['session-cenou', { premiereEcheance: '2026-11-31' }, 'premiereEcheance', messages.dateInvalide],
  // Type de paiement: label, a code among three, a boolean actif.
  ['type-paiement', { libelleTypePaiement: '' }, 'libelleTypePaiement', OBLIGATOIRE],
  ['type-paiement', { codeTypePaiement: ABSENT }, 'codeTypePaiement', OBLIGATOIRE],
  ['type-paiement', { codeTypePaiement: 'CHEQUE' }, 'codeTypePaiement', messages.choixInvalide],
  ['type-paiement', { actif: 'oui' }, 'actif', messages.valeurInvalide],
  // Opérateur: label, code (30 characters at most), payment type.
  ['operateur', { libelleOperateur: '' }, 'libelleOperateur', OBLIGATOIRE],
  ['operateur', { codeOperateur: ABSENT }, 'codeOperateur', OBLIGATOIRE],
  ['operateur', { codeOperateur: 'X'.repeat(31) }, 'codeOperateur', messages.valeurTropLongue],
  ['operateur', { idTypePaiement: ABSENT }, 'idTypePaiement', OBLIGATOIRE],
  // Utilisateur: nom, prénom, userName, e-mail, direction, role; password of 8+ on create; no student.
  ['users', { userName: '' }, 'userName', OBLIGATOIRE],
  ['users', { nom: '' }, 'nom', OBLIGATOIRE],
  ['users', { prenom: ABSENT }, 'prenom', OBLIGATOIRE],
  ['users', { email: '' }, 'email', OBLIGATOIRE],
  ['users', { email: 'salif@' }, 'email', messages.emailInvalide],
  ['users', { idDirection: ABSENT }, 'idDirection', OBLIGATOIRE],
  ['users', { role: ABSENT }, 'role', OBLIGATOIRE],
  ['users', { role: 'ROLE_HEBERGEMENT_SUPERADMIN' }, 'role', messages.choixInvalide],
  ['users', { role: 'ROLE_HEBERGEMENT_ETUDIANT' }, 'role', messages.roleEtudiantInterdit],
  ['users', { password: ABSENT }, 'password', OBLIGATOIRE],
  ['users', { password: '' }, 'password', OBLIGATOIRE],
  ['users', { password: 'court' }, 'password', messages.motDePasseCourt],
];

describe('validation: every rule answers 400 VALIDATION naming the field, and writes nothing', () => {
  const shown = (change: Body) =>
    Object.entries(change)
      .map(([k, v]) => `${k} = ${v === undefined ? '(absent)' : JSON.stringify(v).slice(0, 30)}`)
      .join(', ');
  it.each(RULES.map(([r, change, champ, message]) => [r, champ, shown(change), change, message] as const))(
    '%s, %s: %s',
    async (resource, champ, _shown, change, message) => {
      const before = (await f.list(resource)).length;
      const body = await f.payload(resource, change);
      const res = await f.call('POST', `campus/${resource}`, body);
      expectFieldError(res, champ, message);
      expect((await f.list(resource)).length).toBe(before);
    },
  );

  it('covers every resource', () => {
    expect(new Set(RULES.map(([r]) => r))).toEqual(new Set(RESOURCES.map((d) => d.name)));
  });

  it('names every missing required field at once', async () => {
    const res = await f.call('POST', 'campus/lit', {});
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { champ: string }) => e.champ)
        .sort(),
    ).toEqual(['idChambre', 'libelleLit']);
  });

  it.each(RESOURCES.map((d) => [d.name] as const))(
    '%s: an update with a blank required field is refused and changes nothing',
    async (resource) => {
      const row = await f.create(resource);
      const def = RESOURCES.find((d) => d.name === resource)!;
      const field = storedFields(def).find((x) => x.required)!;
      const res = await f.call('PUT', `campus/${resource}/${row[def.idField]}`, { ...row, [field.name]: '' });
      expectFieldError(res, field.name, OBLIGATOIRE);
      expect((await f.get(resource, row[def.idField])).json()).toEqual(row);
    },
  );
});

/** Every stored reference of every definition: [resource, field, parent resource]. */
const REFS = RESOURCES.flatMap((def) =>
  storedFields(def)
    .filter((x) => x.type === 'ref')
    .map((x) => [def.name, x.name, x.ref!] as const),
);

describe('references', () => {
  it.each(REFS)(
    '%s.%s: a deleted %s is refused with 400 naming the field',
    async (resource, field, parent) => {
      const body = await f.payload(resource);
      const gone = await f.create(parent);
      const parentDef = RESOURCES.find((d) => d.name === parent)!;
      await f.remove(parent, gone[parentDef.idField]);
      const res = await f.call('POST', `campus/${resource}`, { ...body, [field]: gone[parentDef.idField] });
      expectFieldError(res, field, messages.referenceInexistante);
    },
  );

  it.each(REFS)(
    '%s.%s: deleting the %s it uses is refused with 409 and changes nothing',
    async (resource, field, parent) => {
      const child = await f.create(resource);
      const def = RESOURCES.find((d) => d.name === resource)!;
      const parentDef = RESOURCES.find((d) => d.name === parent)!;
      const parentId = child[field];
      const before = (await f.get(parent, parentId)).json();
      expectCode(await f.call('PATCH', `campus/${parent}/${parentId}`), 409, 'REFERENCE_UTILISEE');
      expect((await f.get(parent, parentId)).json()).toEqual(before);
      expect((await f.list(parent)).some((r) => r[parentDef.idField] === parentId)).toBe(true);
      // Once the child is deleted, the parent may go (soft-deleted rows do not hold it).
      await f.remove(resource, child[def.idField]);
      const ok = await f.call('PATCH', `campus/${parent}/${parentId}`);
      expect(ok.statusCode, ok.body).toBe(200);
    },
  );

  it('a child created while its parent is deleted: never both (no orphan)', async () => {
    for (let i = 0; i < 5; i++) {
      const cite = await f.create('cite');
      const body = await f.payload('batiment', { idCite: cite.idCite });
      const [created, deleted] = await Promise.all([
        f.call('POST', 'campus/batiment', body),
        f.call('PATCH', `campus/cite/${cite.idCite}`),
      ]);
      const outcome = [created.statusCode, deleted.statusCode];
      expect(
        [
          [201, 409],
          [400, 200],
        ],
        JSON.stringify(outcome),
      ).toContainEqual(outcome);
    }
  });

  it('a chambre takes only a category of its own cité', async () => {
    const body = await f.payload('chambre');
    const elsewhere = await f.create('categorie-chambre');
    const res = await f.call('POST', 'campus/chambre', {
      ...body,
      idCategorieChambre: elsewhere.idCategorieChambre,
    });
    expectFieldError(res, 'idCategorieChambre', messages.categorieAutreCite);
  });

  it('a category used by rooms stays in its cité; an unused one may move', async () => {
    const chambre = await f.create('chambre');
    const otherCite = await f.create('cite');
    const used = (await f.get('categorie-chambre', chambre.idCategorieChambre)).json();
    const res = await f.call('PUT', `campus/categorie-chambre/${used.idCategorieChambre}`, {
      ...used,
      idCite: otherCite.idCite,
    });
    expectFieldError(res, 'idCite', messages.categorieCiteFigee);
    const free = await f.create('categorie-chambre');
    const moved = await f.call('PUT', `campus/categorie-chambre/${free.idCategorieChambre}`, {
      ...free,
      idCite: otherCite.idCite,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().nomCite).toBe(otherCite.nomCite);
  });
});

describe('unique values (409 DOUBLON, among live rows)', () => {
  it('direction libellé, ignoring case; free again once the holder is deleted', async () => {
    const d = await f.create('direction');
    const before = (await f.list('direction')).length;
    const dup = await f.call(
      'POST',
      'campus/direction',
      await f.payload('direction', { libelleDirection: String(d.libelleDirection).toUpperCase() }),
    );
    expectCode(dup, 409, 'DOUBLON');
    expect(dup.json().errors[0].champ).toBe('libelleDirection');
    expect((await f.list('direction')).length).toBe(before);
    const other = await f.create('direction');
    expectCode(
      await f.call('PUT', `campus/direction/${other.idDirection}`, {
        ...other,
        libelleDirection: d.libelleDirection,
      }),
      409,
      'DOUBLON',
    );
    // Saving a row with its own value is not a duplicate.
    expect((await f.call('PUT', `campus/direction/${d.idDirection}`, d)).statusCode).toBe(200);
    await f.remove('direction', d.idDirection);
    expect(
      (await f.call('POST', 'campus/direction', { libelleDirection: d.libelleDirection })).statusCode,
    ).toBe(201);
  });

  it.each([['ouagadougou'], ['OUAGADOUGOU'], ['Ouaga-dougou'], ['Bobo Dioulasso'], ['ouagadougou_2']])(
    'ville nom %s is taken by a ville of the migration',
    async (nomVille) => {
      const res = await f.call('POST', 'campus/ville', await f.payload('ville', { nomVille }));
      expectCode(res, 409, 'DOUBLON');
      expect(res.json().errors[0].champ).toBe('nomVille');
    },
  );

  it('editing an existing ville keeps its name or takes a free one (the original’s defect)', async () => {
    const v = await f.create('ville');
    expect((await f.call('PUT', `campus/ville/${v.idVille}`, v)).statusCode).toBe(200);
    const renamed = await f.call('PUT', `campus/ville/${v.idVille}`, {
      ...v,
      nomVille: `${v.nomVille} Nord`,
    });
    expect(renamed.json().nomVille).toBe(`${v.nomVille} Nord`);
    expectCode(await f.call('PUT', `campus/ville/${v.idVille}`, { ...v, nomVille: 'Kaya' }), 409, 'DOUBLON');
  });

  it('users userName, ignoring case', async () => {
    const res = await f.call(
      'POST',
      'campus/users',
      await f.payload('users', { userName: t.accounts.admin.userName.toUpperCase() }),
    );
    expectCode(res, 409, 'DOUBLON');
    expect(res.json().errors[0].champ).toBe('userName');
  });

  it('one quota per session and critère', async () => {
    const q = await f.create('quota');
    const before = (await f.list('quota')).length;
    const res = await f.call('POST', 'campus/quota', {
      idSessionCenou: q.idSessionCenou,
      idCritere: q.idCritere,
      valeurQuota: 3,
    });
    expectCode(res, 409, 'DOUBLON');
    expect(res.json().errors[0].champ).toBe('idCritere');
    expect((await f.list('quota')).length).toBe(before);
  });

  it('concurrent duplicates: one is stored, the others are 409', async () => {
    const q = await f.create('quota');
    await f.remove('quota', q.idQuota);
    const body = { idSessionCenou: q.idSessionCenou, idCritere: q.idCritere, valeurQuota: 4 };
    const results = await Promise.all([1, 2, 3].map(() => f.call('POST', 'campus/quota', body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'DOUBLON')).toBe(true);
  });

  it('one bâtiment code per cité (another cité may reuse it)', async () => {
    const b = await f.create('batiment');
    const dup = await f.call('POST', 'campus/batiment', {
      idCite: b.idCite,
      libelleBatiment: 'Autre',
      codeBatiment: String(b.codeBatiment).toLowerCase(),
    });
    expectCode(dup, 409, 'DOUBLON');
    const elsewhere = await f.call(
      'POST',
      'campus/batiment',
      await f.payload('batiment', { codeBatiment: b.codeBatiment }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });
});
