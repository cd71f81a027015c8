import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { setupTestApp, type TestContext } from './app';

/**
 * Valid payloads for the fourteen reference-data resources, each creating its parents first
 * through the API (as an admin), so that every test works on rows of its own.
 */
export type Row = Record<string, unknown>;
export type Body = Record<string, unknown>;

let counter = 0;
/** A text unlikely to collide with anything else in the database: `Cité 7 k3x9`. */
export function uniq(prefix: string): string {
  counter += 1;
  return `${prefix} ${counter} ${Math.random().toString(36).slice(2, 6)}`;
}

export const USER_PASSWORD = 'Utilisateur-2026';

export class Fixtures {
  constructor(
    readonly t: TestContext,
    private readonly adminToken: string,
  ) {}

  static async create(t: TestContext): Promise<Fixtures> {
    return new Fixtures(t, await t.token('admin'));
  }

  /** An admin call. */
  call(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.t.api(method, url, { token: this.adminToken, body });
  }

  /** A valid create body for the resource, its parents created first. */
  payload(resource: string, overrides: Body = {}): Promise<Body> {
    return BUILDERS[resource](this).then((b) => {
      const body = { ...b, ...overrides };
      // The admin and the central manager belong to no direction (docs/roles.md): a test that
      // makes one leaves out the builder's direction unless it names one itself.
      if (resource === 'users' && NATIONAL_ROLES.has(String(body.role)) && !('idDirection' in overrides))
        delete body.idDirection;
      return body;
    });
  }

  /** Creates a row through `POST campus/{resource}` and returns it; fails the test otherwise. */
  async create(resource: string, overrides: Body = {}): Promise<Row> {
    const body = await this.payload(resource, overrides);
    const res = await this.call('POST', `campus/${resource}`, body);
    if (res.statusCode !== 201) throw new Error(`POST ${resource} → ${res.statusCode} ${res.body}`);
    return res.json() as Row;
  }

  async remove(resource: string, id: unknown): Promise<void> {
    const res = await this.call('PATCH', `campus/${resource}/${id}`);
    if (res.statusCode !== 200) throw new Error(`PATCH ${resource}/${id} → ${res.statusCode} ${res.body}`);
  }

  async get(resource: string, id: unknown): Promise<LightMyRequestResponse> {
    return this.call('GET', `campus/${resource}/${id}`);
  }

  async list(resource: string, query = ''): Promise<Row[]> {
    const res = await this.call('GET', `campus/${resource}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row[];
  }

  /** Id of a ville of the migration (Ouagadougou) and of its direction. */
  async ouaga(): Promise<{ idVille: number; idDirection: number }> {
    const villes = await this.list('ville');
    const v = villes.find((x) => x.nomVille === 'Ouagadougou')!;
    return { idVille: v.idVille as number, idDirection: v.idDirection as number };
  }
}

type Builder = (f: Fixtures) => Promise<Body>;

const NATIONAL_ROLES = new Set(['ROLE_HEBERGEMENT_ADMIN', 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU']);

const id = (row: Row, field: string) => row[field] as number;

/** Builders of valid create bodies, in the shapes the settings screens save (src/domain/resources/definitions.ts). */
export const BUILDERS: Record<string, Builder> = {
  direction: async () => ({
    libelleDirection: uniq('Direction régionale test'),
    sigleDirection: 'TST',
    emailDirection: 'dr.test@cenou.bf',
    telDirection: '25 00 00 00',
  }),
  ville: async (f) => ({
    nomVille: uniq('Ville'),
    idDirection: id(await f.create('direction'), 'idDirection'),
  }),
  cite: async (f) => ({
    idVille: id(await f.create('ville'), 'idVille'),
    nomCite: uniq('Cité'),
    nbLit: 120,
    adresseCite: 'Avenue Kwamé N’Krumah',
  }),
  batiment: async (f) => ({
    idCite: id(await f.create('cite'), 'idCite'),
    libelleBatiment: uniq('Bâtiment'),
    codeBatiment: uniq('B').replace(/\s/g, ''),
    sexe: 'F',
  }),
  niveau: async (f) => ({
    idBatiment: id(await f.create('batiment'), 'idBatiment'),
    libelleNiveau: uniq('Niveau'),
    codeNiveau: 'N1',
  }),
  couloir: async (f) => ({
    idNiveau: id(await f.create('niveau'), 'idNiveau'),
    libelleCouloir: uniq('Couloir'),
    codeCouloir: 'C1',
  }),
  'categorie-chambre': async (f) => ({
    idCite: id(await f.create('cite'), 'idCite'),
    libelleCategorieChambre: uniq('Catégorie'),
    montantChambre: 5000,
  }),
  'element-inventaire': async (f) => ({
    idCategorieChambre: id(await f.create('categorie-chambre'), 'idCategorieChambre'),
    libelleElement: uniq('Élément'),
    quantite: 2,
  }),
  chambre: async (f) => {
    const couloir = await f.create('couloir');
    const categorie = await f.create('categorie-chambre', { idCite: couloir.idCite });
    return {
      idCouloir: id(couloir, 'idCouloir'),
      idCategorieChambre: id(categorie, 'idCategorieChambre'),
      libelleChambre: uniq('Chambre'),
      codeChambre: 'CH1',
    };
  },
  lit: async (f) => ({
    idChambre: id(await f.create('chambre'), 'idChambre'),
    libelleLit: uniq('Lit'),
    codeLit: 'L1',
  }),
  'type-critere': async () => ({
    libelleTypeCritere: uniq('Type de critère'),
    coefficient: 2,
    typeItem: 'Liste',
    statutItem: 'OBLIGATOIRE',
  }),
  critere: async (f) => ({
    libelleCritere: uniq('Critère'),
    note: 5,
    idTypeCritere: id(await f.create('type-critere'), 'idTypeCritere'),
    justificatifRequis: true,
    listeDeliberation: 'NATIONAUX',
  }),
  'session-cenou': async (f) => ({
    idDirection: id(await f.create('direction'), 'idDirection'),
    etatSession: 'INSCRIPTION',
    statutSession: 'OUVERT',
    dateOuverture: '2026-09-01',
    dateFermeture: '2026-10-15',
  }),
  quota: async (f) => ({
    idSessionCenou: id(await f.create('session-cenou', { etatSession: 'DELIBERATION' }), 'idSessionCenou'),
    idCritere: id(await f.create('critere'), 'idCritere'),
    valeurQuota: 25,
  }),
  'type-paiement': async () => ({
    libelleTypePaiement: uniq('Type de paiement'),
    codeTypePaiement: 'MOBILE_MONEY',
    actif: true,
  }),
  operateur: async (f) => ({
    libelleOperateur: uniq('Opérateur'),
    codeOperateur: uniq('OP').replace(/\s/g, '_'),
    idTypePaiement: id(await f.create('type-paiement'), 'idTypePaiement'),
    actif: true,
  }),
  users: async (f) => ({
    userName: uniq('agent').replace(/\s/g, '.'),
    nom: 'Ouédraogo',
    prenom: 'Salif',
    email: 'salif.ouedraogo@cenou.bf',
    idDirection: id(await f.create('direction'), 'idDirection'),
    role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
    password: USER_PASSWORD,
  }),
};

/** A field whose text is unique to each built row: what `q` and `filtre.*` look for. */
export const SEARCH_FIELD: Record<string, string> = {
  direction: 'libelleDirection',
  ville: 'nomVille',
  cite: 'nomCite',
  batiment: 'libelleBatiment',
  niveau: 'libelleNiveau',
  couloir: 'libelleCouloir',
  'categorie-chambre': 'libelleCategorieChambre',
  'element-inventaire': 'libelleElement',
  chambre: 'libelleChambre',
  lit: 'libelleLit',
  'type-critere': 'libelleTypeCritere',
  critere: 'libelleCritere',
  'session-cenou': 'libelleDirection',
  quota: 'libelleCritere',
  'type-paiement': 'libelleTypePaiement',
  operateur: 'libelleOperateur',
  users: 'userName',
};

/** One change per resource for the update test: field and new value. */
export const EDITS: Record<string, (row: Row) => Body> = {
  direction: (r) => ({ libelleDirection: `${r.libelleDirection} modifiée`, telDirection: '25 11 11 11' }),
  ville: (r) => ({ nomVille: `${r.nomVille} modifiée` }),
  cite: (r) => ({ nomCite: `${r.nomCite} modifiée`, nbLit: 80 }),
  batiment: (r) => ({ libelleBatiment: `${r.libelleBatiment} modifié`, sexe: 'M' }),
  niveau: (r) => ({ libelleNiveau: `${r.libelleNiveau} modifié`, codeNiveau: 'N2' }),
  couloir: (r) => ({ libelleCouloir: `${r.libelleCouloir} modifié` }),
  'categorie-chambre': (r) => ({
    libelleCategorieChambre: `${r.libelleCategorieChambre} modifiée`,
    montantChambre: 7500,
  }),
  'element-inventaire': (r) => ({ libelleElement: `${r.libelleElement} modifié`, quantite: 3 }),
  chambre: (r) => ({ libelleChambre: `${r.libelleChambre} modifiée` }),
  lit: (r) => ({ libelleLit: `${r.libelleLit} modifié`, codeLit: 'L2' }),
  'type-critere': (r) => ({
    libelleTypeCritere: `${r.libelleTypeCritere} modifié`,
    coefficient: 3,
    statutItem: 'FACULTATIF',
  }),
  critere: (r) => ({ libelleCritere: `${r.libelleCritere} modifié`, note: 0, listeDeliberation: 'PUPILLES' }),
  'session-cenou': () => ({ etatSession: 'ANALYSE', dateFermeture: '2026-11-30' }),
  quota: () => ({ valeurQuota: 40 }),
  'type-paiement': (r) => ({ libelleTypePaiement: `${r.libelleTypePaiement} modifié`, actif: false }),
  operateur: (r) => ({ libelleOperateur: `${r.libelleOperateur} modifié`, actif: false }),
  users: (r) => ({ nom: `${r.nom} modifié`, email: 'autre.adresse@cenou.bf' }),
};

/** `expect` that the answer is a 400 VALIDATION naming the field. */
export function expectFieldError(res: LightMyRequestResponse, champ: string, message?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; errors?: { champ: string; message: string }[] };
  expect(body.code).toBe('VALIDATION');
  const hit = body.errors?.find((e) => e.champ === champ);
  expect(hit, `no error on ${champ}: ${res.body}`).toBeDefined();
  if (message) expect(hit!.message).toBe(message);
}

export function expectCode(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect((res.json() as { code: string }).code).toBe(code);
}

/**
 * One app, its database and its fixtures for a test file: made before the file's tests, closed
 * after them. `useFixtures((c) => ({ t, f } = c))`.
 */
export function useFixtures(set: (c: { t: TestContext; f: Fixtures }) => void) {
  let t: TestContext | undefined;
  beforeAll(async () => {
    t = await setupTestApp();
    set({ t, f: await Fixtures.create(t) });
  });
  afterAll(() => t?.close());
}
