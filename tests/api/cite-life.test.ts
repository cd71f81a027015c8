import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/api';
import { messages } from '../../src/domain/messages';
import { one } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { deliberationSession } from '../helpers/assignment';
import { agentOf, assignedStudent, citeWithInventory, jpegBytes, uploadPhoto } from '../helpers/cite-life';
import { expectFieldError } from '../helpers/resources';

/**
 * Life in the cité (docs/life-in-the-cite.md), the arrival: the admin gives an agent its cités; the
 * agent sees and changes only theirs; it hands the key; the resident fills its arrival inventory
 * with photos within 72 hours; the agent countersigns, after which nobody changes it.
 */

const PASSWORD = 'Vie-en-cite-2026';
let t: TestContext;
const db = () => t.database.db;
let citeA: Awaited<ReturnType<typeof citeWithInventory>>;
let citeB: Awaited<ReturnType<typeof citeWithInventory>>;
let agentA: { id: number; token: string };
let agentB: { id: number; token: string };
let resident: Awaited<ReturnType<typeof assignedStudent>>;
let late: Awaited<ReturnType<typeof assignedStudent>>;
let residentB: Awaited<ReturnType<typeof assignedStudent>>;

const entree = (elements: number[], photos: Record<number, string[]> = {}, etat = 'BON') => ({
  type: 'ENTREE',
  elements: elements.map((idElementInventaire) => ({
    idElementInventaire,
    etat,
    ...(photos[idElementInventaire] ? { photos: photos[idElementInventaire] } : {}),
  })),
});
const read = (token: string, idAffectation: number) =>
  t.api('GET', `campus/etat-des-lieux?idAffectation=${idAffectation}`, { token });

beforeAll(async () => {
  t = await setupTestApp();
  const idSession = await deliberationSession(db());
  citeA = await citeWithInventory(db());
  citeB = await citeWithInventory(db());
  agentA = await agentOf(t, [citeA.idCite], PASSWORD);
  agentB = await agentOf(t, [citeB.idCite], PASSWORD);
  resident = await assignedStudent(t, citeA, idSession, 'A/N1/C1/101/1', PASSWORD);
  late = await assignedStudent(t, citeA, idSession, 'A/N1/C1/101/2', PASSWORD);
  residentB = await assignedStudent(t, citeB, idSession, 'A/N1/C1/101/1', PASSWORD);
}, 180_000);
afterAll(() => t?.close());

describe("the agents' cités", () => {
  it('the admin lists the agents with their cités', async () => {
    const res = await t.api('GET', 'campus/agent-cite', { token: await t.token('admin') });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as { id: number; cites: { idCite: number }[] }[]).find(
      (a) => a.id === agentA.id,
    );
    expect(mine?.cites.map((c) => c.idCite)).toEqual([citeA.idCite]);
  });

  it('an agent has at least one cité, live; only an agent has cités', async () => {
    const admin = await t.token('admin');
    const put = (id: number, citesAgent: unknown) =>
      t.api('PUT', `campus/agent-cite/${id}`, { token: admin, body: { citesAgent } });
    expectFieldError(await put(agentA.id, []), 'citesAgent', messages.citesAgentObligatoire);
    expectFieldError(await put(agentA.id, [2_000_000]), 'citesAgent', messages.referenceInexistante);
    const manager = await createUser(db(), {
      userName: 'gestionnaire.sans.cite',
      password: PASSWORD,
      role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
      idDirection: null,
    });
    expectFieldError(await put(manager, [citeA.idCite]), 'citesAgent', messages.citesAgentSansObjet);
    expect((await put(999_999, [citeA.idCite])).statusCode).toBe(404);
    expect((await t.api('GET', 'campus/agent-cite', { token: agentA.token })).statusCode).toBe(403);
  });
});

describe("the agent's dashboard", () => {
  it('shows its cités alone, the residents awaiting their key', async () => {
    const res = await t.api('GET', 'campus/cite-agent/tableau-de-bord', { token: agentA.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      cites: { idCite: number; residents: number; arriveesAttendues: number }[];
      arrivees: { idAffectation: number }[];
    };
    expect(body.cites).toEqual([
      expect.objectContaining({ idCite: citeA.idCite, residents: 2, arriveesAttendues: 2, aContresigner: 0 }),
    ]);
    expect(body.arrivees.map((a) => a.idAffectation).sort()).toEqual(
      [resident.idAffectation, late.idAffectation].sort(),
    );
    const student = await t.api('GET', 'campus/cite-agent/tableau-de-bord', { token: resident.token });
    expect(student.statusCode).toBe(403);
  });

  it('lists a cité just given, with no resident yet, with its zeros', async () => {
    const empty = await citeWithInventory(db());
    const agent = await agentOf(t, [empty.idCite], PASSWORD);
    const res = await t.api('GET', 'campus/cite-agent/tableau-de-bord', { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      cites: [
        expect.objectContaining({
          idCite: empty.idCite,
          residents: 0,
          arriveesAttendues: 0,
          aContresigner: 0,
        }),
      ],
      arrivees: [],
    });
  });
});

describe('the key', () => {
  it("an agent of another cité can neither hand it nor read the resident's inventory (403)", async () => {
    const hand = await t.api('POST', `campus/affectation/${resident.idAffectation}/arrivee`, {
      token: agentB.token,
      body: { codeCle: 'A-101-1' },
    });
    expect(hand.statusCode, hand.body).toBe(403);
    expect((hand.json() as { message: string }).message).toBe(messages.erreurInterditCite);
    expect((await read(agentB.token, resident.idAffectation)).statusCode).toBe(403);
  });

  it('before the key nobody goes on to the departure; after it the agent may, the resident never', async () => {
    const possible = async (token: string) =>
      ((await read(token, resident.idAffectation)).json() as { departPossible: boolean }).departPossible;
    expect(await possible(agentA.token)).toBe(false);
    expect(await possible(resident.token)).toBe(false);
  });

  it('before the key the resident may not fill its inventory', async () => {
    const res = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: { idAffectation: resident.idAffectation, ...entree(citeA.elements) },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect((res.json() as { message: string }).message).toBe(messages.etatDesLieuxSansCle);
  });

  it("the cité's agent hands it once; its code is in the bed's history", async () => {
    const body = { codeCle: 'A-101-1' };
    const url = `campus/affectation/${resident.idAffectation}/arrivee`;
    const res = await t.api('POST', url, { token: agentA.token, body });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as { remiseLe: string; limiteEtatDesLieux: string };
    expect(Date.parse(answer.limiteEtatDesLieux) - Date.parse(answer.remiseLe)).toBe(72 * 3_600_000);
    expect((await t.api('POST', url, { token: agentA.token, body })).statusCode).toBe(409);
    expectFieldError(await t.api('POST', url, { token: agentA.token, body: { codeCle: '  ' } }), 'codeCle');
    const possible = async (token: string) =>
      ((await read(token, resident.idAffectation)).json() as { departPossible: boolean }).departPossible;
    // The key alone is not enough: the departure waits for the arrival inventory (departures.test.ts).
    expect(await possible(agentA.token)).toBe(false);
    expect(await possible(resident.token)).toBe(false);
    const keys = await t.api('GET', `campus/lit/${resident.idLit}/cles`, { token: agentA.token });
    expect(keys.statusCode, keys.body).toBe(200);
    expect(keys.json()).toEqual([
      expect.objectContaining({ codeCle: 'A-101-1', idAffectation: resident.idAffectation }),
    ]);
    expect(
      (await t.api('GET', `campus/lit/${resident.idLit}/cles`, { token: agentB.token })).statusCode,
    ).toBe(403);
  });
});

describe('the arrival inventory', () => {
  it("the resident reads its room's elements; another student gets 404", async () => {
    const res = await read(resident.token, resident.idAffectation);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      elementsChambre: { idElementInventaire: number }[];
      peutRemplirEntree: boolean;
    };
    expect(body.elementsChambre.map((e) => e.idElementInventaire).sort()).toEqual([...citeA.elements].sort());
    expect(body.peutRemplirEntree).toBe(true);
    expect((await read(late.token, resident.idAffectation)).statusCode).toBe(404);
    const mine = await t.api('GET', 'campus/etudiant/arrivee', { token: resident.token });
    expect(mine.json()).toEqual([{ idAffectation: resident.idAffectation }]);
  });

  it('every element once, of this room: else 400 naming it', async () => {
    const post = (body: object) =>
      t.api('POST', 'campus/etat-des-lieux', {
        token: resident.token,
        body: { idAffectation: resident.idAffectation, ...body },
      });
    expectFieldError(
      await post(entree(citeA.elements.slice(1))),
      'elements',
      messages.etatDesLieuxElementsManquants,
    );
    expectFieldError(
      await post(entree([...citeA.elements, citeB.elements[0]])),
      'elements.3.idElementInventaire',
      messages.etatDesLieuxElementInconnu,
    );
    expectFieldError(
      await post(entree([...citeA.elements, citeA.elements[0]])),
      'elements.3.idElementInventaire',
      messages.etatDesLieuxElementDouble,
    );
    expectFieldError(await post({ ...entree(citeA.elements), type: 'AUTRE' }), 'type');
    const unknownPhoto = await post(entree(citeA.elements, { [citeA.elements[0]]: ['0'.repeat(32)] }));
    expectFieldError(unknownPhoto, 'elements.0.photos.0', messages.photoIntrouvable);
    // Every photo is checked before any is copied: an unfinished one among good ones is named alone,
    // and the good ones, not consumed by the refusal, are then taken whole (copied a few at a time).
    const good = await Promise.all(
      [1, 2, 3, 4].map((i) => uploadPhoto(t, resident.token, jpegBytes(1000 + i))),
    );
    const begun = await t.api('POST', 'campus/televersement', {
      token: resident.token,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '5000',
        'upload-metadata': `usage ${Buffer.from('photo').toString('base64')},filename ${Buffer.from('lit.jpg').toString('base64')}`,
      },
    });
    expect(begun.statusCode, begun.body).toBe(201);
    const unfinished = (begun.headers.location as string).split('/').pop()!;
    const mixed = await post(
      entree(citeA.elements, { [citeA.elements[2]]: [...good.slice(0, 3), unfinished, good[3]] }),
    );
    expectFieldError(mixed, 'elements.2.photos.3', messages.televersementInacheve);
    const whole = await post(entree(citeA.elements, { [citeA.elements[2]]: good }));
    expect(whole.statusCode, whole.body).toBe(201);
    const stored = (await read(agentA.token, resident.idAffectation)).json() as {
      inventaires: { elements: { idElementInventaire: number; photos: number[] }[] }[];
    };
    const element = stored.inventaires[0].elements.find((e) => e.idElementInventaire === citeA.elements[2])!;
    expect(element.photos).toHaveLength(4);
  });

  it('the resident fills it with photos sent through the resumable uploads; the photo reads back', async () => {
    const photo = await uploadPhoto(t, resident.token, jpegBytes(4000));
    const res = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: {
        idAffectation: resident.idAffectation,
        ...entree(citeA.elements, { [citeA.elements[2]]: [photo] }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: {
        idAffectation: resident.idAffectation,
        ...entree(citeA.elements, { [citeA.elements[2]]: [photo] }),
      },
    });
    expectFieldError(again, 'elements.2.photos.0', messages.photoIntrouvable);

    const body = (await read(agentA.token, resident.idAffectation)).json() as {
      inventaires: {
        type: string;
        parResidant: boolean;
        elements: { idElementInventaire: number; photos: number[] }[];
      }[];
    };
    expect(body.inventaires).toHaveLength(1);
    expect(body.inventaires[0]).toMatchObject({ type: 'ENTREE', parResidant: true });
    const idPhoto = body.inventaires[0].elements.find((e) => e.idElementInventaire === citeA.elements[2])!
      .photos[0];
    const image = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/campus/etat-des-lieux/photo/${idPhoto}`,
      headers: { authorization: `Bearer ${resident.token}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(jpegBytes(4000))).toBe(true);
    const other = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/campus/etat-des-lieux/photo/${idPhoto}`,
      headers: { authorization: `Bearer ${agentB.token}` },
    });
    expect(other.statusCode).toBe(403);
  });

  it('a correction before the countersign keeps the photos of an element sent without new ones', async () => {
    type Read = {
      inventaires: { elements: { idElementInventaire: number; etat: string; photos: number[] }[] }[];
    };
    const photosOf = async () =>
      Object.fromEntries(
        ((await read(agentA.token, resident.idAffectation)).json() as Read).inventaires[0].elements.map(
          (e) => [e.idElementInventaire, e.photos],
        ),
      );
    const [other, , withPhoto] = citeA.elements;
    const before = await photosOf();
    expect(before[withPhoto]).toHaveLength(1);
    // The state changed, no photo sent: the earlier photo stays and still reads back.
    const fixed = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: { idAffectation: resident.idAffectation, ...entree(citeA.elements, {}, 'USE') },
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const after = await photosOf();
    expect(after[withPhoto]).toHaveLength(1);
    const kept = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/campus/etat-des-lieux/photo/${after[withPhoto][0]}`,
      headers: { authorization: `Bearer ${resident.token}` },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(jpegBytes(4000))).toBe(true);
    // A new photo for another element adds to that one alone; a new photo for the first replaces its own.
    const second = await uploadPhoto(t, resident.token, jpegBytes(5000));
    const third = await uploadPhoto(t, resident.token, jpegBytes(6000));
    const more = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: {
        idAffectation: resident.idAffectation,
        ...entree(citeA.elements, { [other]: [second] }),
      },
    });
    expect(more.statusCode, more.body).toBe(201);
    const both = await photosOf();
    expect(both[withPhoto]).toEqual(after[withPhoto].map(() => expect.any(Number)));
    expect(both[other]).toHaveLength(1);
    const replaced = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: {
        idAffectation: resident.idAffectation,
        ...entree(citeA.elements, { [withPhoto]: [third] }),
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const last = await photosOf();
    expect(last[withPhoto]).toHaveLength(1);
    expect(last[other]).toHaveLength(1);
    const now = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/campus/etat-des-lieux/photo/${last[withPhoto][0]}`,
      headers: { authorization: `Bearer ${resident.token}` },
    });
    expect(now.rawPayload.equals(jpegBytes(6000))).toBe(true);
  });

  it('the agent countersigns it; then nobody changes it', async () => {
    const { inventaires } = (await read(agentA.token, resident.idAffectation)).json() as {
      inventaires: { idEtatDesLieux: number }[];
    };
    const id = inventaires[0].idEtatDesLieux;
    expect(
      (await t.api('POST', `campus/etat-des-lieux/${id}/validation`, { token: agentB.token })).statusCode,
    ).toBe(403);
    expect(
      (await t.api('POST', `campus/etat-des-lieux/${id}/validation`, { token: resident.token })).statusCode,
    ).toBe(403);
    const ok = await t.api('POST', `campus/etat-des-lieux/${id}/validation`, { token: agentA.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await t.api('POST', `campus/etat-des-lieux/${id}/validation`, { token: agentA.token })).statusCode,
    ).toBe(409);
    const change = await t.api('POST', 'campus/etat-des-lieux', {
      token: resident.token,
      body: { idAffectation: resident.idAffectation, ...entree(citeA.elements, {}, 'USE') },
    });
    expect(change.statusCode).toBe(409);
    expect((change.json() as { message: string }).message).toBe(messages.etatDesLieuxDejaValide);
    expect(
      ((await read(resident.token, resident.idAffectation)).json() as { peutRemplirEntree: boolean })
        .peutRemplirEntree,
    ).toBe(false);
  });

  it("after 72 hours the resident may no longer fill it; the agent's stands", async () => {
    const hand = await t.api('POST', `campus/affectation/${late.idAffectation}/arrivee`, {
      token: agentA.token,
      body: { codeCle: 'A-101-2' },
    });
    expect(hand.statusCode, hand.body).toBe(201);
    await db().execute(
      sql`UPDATE remise_cle SET remise_le = now() - interval '73 hours' WHERE id_affectation = ${late.idAffectation}`,
    );
    const body = { idAffectation: late.idAffectation, ...entree(citeA.elements, {}, 'ABIME') };
    const mine = await t.api('POST', 'campus/etat-des-lieux', { token: late.token, body });
    expect(mine.statusCode, mine.body).toBe(409);
    expect((mine.json() as { message: string }).message).toBe(messages.etatDesLieuxDelaiDepasse);
    const photo = await uploadPhoto(t, agentA.token, jpegBytes(1500), 'porte.jpg');
    const agents = await t.api('POST', 'campus/etat-des-lieux', {
      token: agentA.token,
      body: { ...body, elements: body.elements.map((e, i) => (i === 0 ? { ...e, photos: [photo] } : e)) },
    });
    expect(agents.statusCode, agents.body).toBe(201);
    const row = await one<{ par: boolean }>(
      db(),
      sql`SELECT par_residant AS par FROM etat_des_lieux WHERE id_affectation = ${late.idAffectation}`,
    );
    expect(row!.par).toBe(false);
  });

  it('an agent of another cité fills nothing there (403)', async () => {
    const res = await t.api('POST', 'campus/etat-des-lieux', {
      token: agentB.token,
      body: { idAffectation: residentB.idAffectation, ...entree(citeB.elements) },
    });
    // Its own cité's resident has no key yet: 409; the other cité's: 403.
    expect(res.statusCode).toBe(409);
    const other = await t.api('POST', 'campus/etat-des-lieux', {
      token: agentB.token,
      body: { idAffectation: late.idAffectation, ...entree(citeA.elements) },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('photos through the resumable uploads', () => {
  const create = (token: string, name: string, length: number, usage = 'photo') =>
    t.api('POST', 'campus/televersement', {
      token,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': `usage ${Buffer.from(usage).toString('base64')},filename ${Buffer.from(name).toString('base64')}`,
      },
    });

  it('JPEG or PNG by name, at most 1,000,000 bytes', async () => {
    expect((await create(resident.token, 'lit.pdf', 1000)).statusCode).toBe(415);
    expect((await create(resident.token, 'lit.png', 1_000_001)).statusCode).toBe(413);
    expect((await create(resident.token, 'lit.png', 1_000_000)).statusCode).toBe(201);
  });

  it('bytes that are no JPEG nor PNG are refused on the last PATCH (415)', async () => {
    await expect(
      uploadPhoto(t, resident.token, Buffer.from('%PDF-1.4 pas une photo'), 'faux.jpg'),
    ).rejects.toThrow(/PATCH: 415/);
  });

  it('a finished photo is named by its bytes: PNG `.png`, JPEG `.jpg`, whatever name it came with', async () => {
    const png = Buffer.alloc(3000, 0x20);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const nameOf = async (id: string) =>
      (await one<{ nom: string }>(
        t.database.db,
        sql`SELECT nom_fichier AS nom FROM televersement WHERE id_televersement = ${id}`,
      ))!.nom;
    // Sent with the other kind's name (a phone that shrank nothing, or shrank and kept the name).
    const pngAsJpg = await uploadPhoto(t, resident.token, png, 'lit.jpg');
    expect(await nameOf(pngAsJpg)).toBe('lit.png');
    const jpgAsPng = await uploadPhoto(t, resident.token, jpegBytes(1000), 'porte.PNG');
    expect(await nameOf(jpgAsPng)).toBe('porte.jpg');
    // A name that already says what it is stays.
    expect(await nameOf(await uploadPhoto(t, resident.token, jpegBytes(900), 'vue.jpeg'))).toBe('vue.jpeg');
    expect(await nameOf(await uploadPhoto(t, resident.token, png, 'mur.png'))).toBe('mur.png');
  });

  it('an agent sends photos but no proof of a dossier (403)', async () => {
    expect((await create(agentA.token, 'porte.jpg', 100)).statusCode).toBe(201);
    const proof = await t.api('POST', 'campus/televersement', {
      token: agentA.token,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `filename ${Buffer.from('acte.pdf').toString('base64')},idTypeCritere ${Buffer.from('1').toString('base64')}`,
      },
    });
    expect(proof.statusCode).toBe(403);
  });
});
