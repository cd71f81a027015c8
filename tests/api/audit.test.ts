import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_COLUMNS, REGISTRY_TEMPLATE_EXAMPLE } from '../../src/domain/registry';
import { fill, messages } from '../../src/domain/messages';
import { auditActionLabels } from '../../src/domain/messages-labels';
import { recordAudit } from '../../src/server/audit/record';
import { one, rows } from '../../src/server/db/client';
import { createUser } from '../../src/server/seed/factories';
import { setupTestApp, type TestContext } from '../helpers/app';
import { expectCode, Fixtures, uniq, USER_PASSWORD, type Row } from '../helpers/resources';

// The audit log (docs/roles.md 'audit log': ADMIN only): every write of the settings,
// the password resets and changes and the registry imports leave exactly one row, written in the
// write's own transaction; refused writes leave none; no secret is ever logged; the journal is a
// server-paginated list with its CSV and XLSX exports.

interface AuditDbRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  detail: Record<string, unknown> | null;
}

interface AuditApiRow {
  id: number;
  at: string;
  dateHeure: string;
  userId: number | null;
  userName: string | null;
  action: string;
  resource: string;
  libelleRessource: string;
  resourceId: string | null;
  detail: unknown;
  resume: string;
}

let t: TestContext;
let f: Fixtures;
let admin: string;

beforeAll(async () => {
  t = await setupTestApp();
  f = await Fixtures.create(t);
  admin = await t.token('admin');
});
afterAll(() => t.close());

const auditOf = (resource: string, id: unknown) =>
  rows<AuditDbRow>(
    t.database.db,
    sql`SELECT id, user_id, user_name, action, resource, resource_id, detail FROM audit_log
        WHERE resource = ${resource} AND resource_id = ${String(id)} ORDER BY id`,
  );
const auditCount = async () =>
  (await one<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log`))!.n;
const journal = (query: string, token: string | null = admin) =>
  t.api('GET', `campus/audit${query}`, { token });

describe('writes of the settings leave one audit row each', () => {
  it('create, update and delete of a cité: the actor, the values, the changed fields old → new', async () => {
    const { idVille } = await f.ouaga();
    const bobo = (await f.list('ville')).find((v) => v.nomVille === 'Bobo-Dioulasso')!;
    const nomCite = uniq('Cité Kossodo');
    const created = await f.call('POST', 'campus/cite', {
      idVille,
      nomCite,
      nbLit: 120,
      adresseCite: 'Secteur 22',
    });
    expect(created.statusCode, created.body).toBe(201);
    const cite = created.json() as Row;

    let log = await auditOf('cite', cite.idCite);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      user_id: t.accounts.admin.id,
      user_name: t.accounts.admin.userName,
      action: 'CREER',
    });
    expect(log[0].detail).toEqual({
      libelle: nomCite,
      valeurs: { idVille, nomCite, nbLit: 120, adresseCite: 'Secteur 22' },
      libelles: { idVille: 'Ouagadougou' },
    });

    const updated = await f.call('PUT', `campus/cite/${cite.idCite}`, {
      ...cite,
      nomCite: `${nomCite} modifiée`,
      nbLit: 80,
      idVille: bobo.idVille,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    log = await auditOf('cite', cite.idCite);
    expect(log.map((r) => r.action)).toEqual(['CREER', 'MODIFIER']);
    expect(log[1]).toMatchObject({ user_id: t.accounts.admin.id, user_name: t.accounts.admin.userName });
    expect(log[1].detail).toEqual({
      libelle: `${nomCite} modifiée`,
      modifications: {
        idVille: {
          avant: idVille,
          apres: bobo.idVille,
          libelleAvant: 'Ouagadougou',
          libelleApres: 'Bobo-Dioulasso',
        },
        nomCite: { avant: nomCite, apres: `${nomCite} modifiée` },
        nbLit: { avant: 120, apres: 80 },
      },
    });

    const deleted = await f.call('PATCH', `campus/cite/${cite.idCite}`);
    expect(deleted.statusCode).toBe(200);
    log = await auditOf('cite', cite.idCite);
    expect(log.map((r) => r.action)).toEqual(['CREER', 'MODIFIER', 'SUPPRIMER']);
    expect(log[2].detail).toMatchObject({
      libelle: `${nomCite} modifiée`,
      valeurs: { idVille: bobo.idVille, nomCite: `${nomCite} modifiée`, nbLit: 80 },
      libelles: { idVille: 'Bobo-Dioulasso' },
    });

    // The journal reads these rows in French.
    const res = await journal(`?filtre.resourceId=${cite.idCite}&filtre.resource=cite&sort=at,asc`);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as AuditApiRow[];
    expect(entries.map((r) => r.action)).toEqual(['CREER', 'MODIFIER', 'SUPPRIMER']);
    expect(entries[0].libelleRessource).toBe('Cités');
    expect(entries[0].resume).toContain(`Nom de la cité\u00a0: ${nomCite}`);
    expect(entries[0].resume).toContain('Ville\u00a0: Ouagadougou');
    expect(entries[1].resume).toBe(
      `${nomCite} modifiée — Ville\u00a0: Ouagadougou → Bobo-Dioulasso\u00a0; Nom de la cité\u00a0: ${nomCite} → ${nomCite} modifiée\u00a0; Nombre de lits\u00a0: 120 → 80`,
    );
    expect(entries[0].dateHeure).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(new Date(entries[0].at).toISOString()).toBe(entries[0].at);
  });

  it('an update that changes nothing is still one row, saying so', async () => {
    const row = await f.create('type-critere');
    const res = await f.call('PUT', `campus/type-critere/${row.idTypeCritere}`, row);
    expect(res.statusCode).toBe(200);
    const log = await auditOf('type-critere', row.idTypeCritere);
    expect(log.map((r) => r.action)).toEqual(['CREER', 'MODIFIER']);
    expect(log[1].detail).toEqual({ libelle: row.libelleTypeCritere, modifications: {} });
    const entry = await t.api('GET', `campus/audit/${log[1].id}`, { token: admin });
    expect(entry.statusCode).toBe(200);
    expect(entry.json().resume).toBe(
      `${String(row.libelleTypeCritere)} — ${messages.auditAucuneModification}`,
    );
  });

  it('refused writes (400, 409) leave no row', async () => {
    const existing = await f.create('ville');
    const cite = await f.create('cite', { idVille: existing.idVille });
    const before = await auditCount();

    expectCode(
      await f.call('POST', 'campus/cite', { idVille: existing.idVille, nbLit: 10 }),
      400,
      'VALIDATION',
    );
    expectCode(
      await f.call('POST', 'campus/ville', {
        nomVille: existing.nomVille,
        idDirection: existing.idDirection,
      }),
      409,
      'DOUBLON',
    );
    expectCode(await f.call('PUT', `campus/cite/${cite.idCite}`, { ...cite, nbLit: -4 }), 400, 'VALIDATION');
    expectCode(
      await f.call('PUT', `campus/cite/${cite.idCite}`, { ...cite, idVille: 99999999 }),
      400,
      'VALIDATION',
    );
    expectCode(await f.call('PATCH', `campus/ville/${existing.idVille}`), 409, 'REFERENCE_UTILISEE');
    expectCode(await f.call('PATCH', 'campus/ville/99999999'), 404, 'INTROUVABLE');
    // A hook's refusal after the row was locked: a session's phase never goes back.
    const session = await f.create('session-cenou', { etatSession: 'ANALYSE' });
    const afterSession = await auditCount();
    expectCode(
      await f.call('PUT', `campus/session-cenou/${session.idSessionCenou}`, {
        ...session,
        etatSession: 'INSCRIPTION',
      }),
      409,
      'SESSION_FERMEE',
    );
    expect(await auditCount()).toBe(afterSession);
    expect(afterSession).toBe(before + 2); // the direction and the session just made
  });

  it('an audit row belongs to its transaction: a write that rolls back leaves none', async () => {
    const before = await auditCount();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          { id: t.accounts.admin.id, userName: t.accounts.admin.userName },
          {
            action: 'CREER',
            resource: 'cite',
            resourceId: 1,
            detail: { libelle: 'annulée' },
          },
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await auditCount()).toBe(before);
  });
});

describe('accounts: no secret is ever logged', () => {
  const secretFree = (detail: unknown, password: string) => {
    const text = JSON.stringify(detail);
    expect(text).not.toContain(password);
    expect(text).not.toContain('$argon2');
    for (const key of [
      '"password"',
      '"password2"',
      '"passwordHash"',
      '"password_hash"',
      '"tokenVersion"',
      '"token_version"',
    ]) {
      expect(text).not.toContain(key);
    }
  };

  it('a users create and an update with a new password: the fields, a "password changed" mark, never the password nor its hash', async () => {
    const user = await f.create('users');
    const created = await auditOf('users', user.id);
    expect(created).toHaveLength(1);
    expect((created[0].detail as { valeurs: Row }).valeurs).toMatchObject({
      userName: user.userName,
      role: user.role,
    });
    secretFree(created[0].detail, USER_PASSWORD);

    const newPassword = 'Nouveau-secret-2026';
    const res = await f.call('PUT', `campus/users/${user.id}`, {
      ...user,
      nom: 'Sawadogo',
      password: newPassword,
      password2: newPassword,
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await auditOf('users', user.id);
    expect(log.map((r) => r.action)).toEqual(['CREER', 'MODIFIER']);
    expect(log[1].detail).toEqual({
      libelle: `Sawadogo ${String(user.prenom)} (${String(user.userName)})`,
      modifications: { nom: { avant: user.nom, apres: 'Sawadogo' } },
      motDePasseModifie: true,
    });
    secretFree(log[1].detail, newPassword);
    const entry = (await t.api('GET', `campus/audit/${log[1].id}`, { token: admin })).json() as AuditApiRow;
    expect(entry.resume).toContain(messages.auditMotDePasseModifie);

    // A blank password keeps the old one: no mark.
    await f.call('PUT', `campus/users/${user.id}`, { ...user, nom: 'Kaboré', password: '' });
    const last = (await auditOf('users', user.id)).at(-1)!;
    expect(last.detail).toEqual({
      libelle: `Kaboré ${String(user.prenom)} (${String(user.userName)})`,
      modifications: { nom: { avant: 'Sawadogo', apres: 'Kaboré' } },
    });
  });

  it('a reset is recorded (REINITIALISER_MOT_DE_PASSE) without the new password', async () => {
    const user = await f.create('users', { email: 'audit.reset@cenou.bf' });
    const res = await f.call('PUT', `campus/users/${user.id}/reset`);
    expect(res.statusCode).toBe(200);
    const log = await auditOf('users', user.id);
    expect(log.map((r) => r.action)).toEqual(['CREER', 'REINITIALISER_MOT_DE_PASSE']);
    expect(log[1]).toMatchObject({ user_id: t.accounts.admin.id, user_name: t.accounts.admin.userName });
    expect(log[1].detail).toEqual({
      libelle: `${String(user.nom)} ${String(user.prenom)} (${String(user.userName)})`,
    });
    const mail = await one<{ text_body: string }>(
      t.database.db,
      sql`SELECT text_body FROM outbox_mail WHERE recipient = 'audit.reset@cenou.bf'`,
    );
    const password = /Mot de passe\u00a0: (\S+)/.exec(mail!.text_body)![1];
    secretFree(log[1].detail, password);
    // An unknown account: 404, nothing recorded.
    const before = await auditCount();
    expect((await f.call('PUT', 'campus/users/99999999/reset')).statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('an own password change is recorded (CHANGER_MOT_DE_PASSE) by its holder, a wrong current password is not', async () => {
    const user = await f.create('users');
    const signin = await t.api('POST', 'campus-auth/signin', {
      body: { username: user.userName, password: USER_PASSWORD },
    });
    const token = (signin.json() as { accessToken: string }).accessToken;
    const before = await auditCount();
    const wrong = await t.api('PUT', 'campus-auth/password', {
      token,
      body: { ancienMotDePasse: 'pas-le-bon-1', nouveauMotDePasse: 'Encore-un-autre-2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);

    const next = 'Mon-nouveau-2026';
    const res = await t.api('PUT', 'campus-auth/password', {
      token,
      body: { ancienMotDePasse: USER_PASSWORD, nouveauMotDePasse: next },
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await auditOf('users', user.id);
    expect(log.map((r) => r.action)).toEqual(['CREER', 'CHANGER_MOT_DE_PASSE']);
    expect(log[1]).toMatchObject({ user_id: user.id, user_name: user.userName });
    secretFree(log[1].detail, next);
    secretFree(log[1].detail, USER_PASSWORD);
  });

  it('names a student actor « Nom Prénom (INE …) », and finds it by its name in the « Utilisateur » column', async () => {
    const ine = `N${String(Date.now()).slice(-11)}`;
    const idUser = await createUser(t.database.db, {
      userName: ine,
      nom: 'Zongo',
      prenom: 'Rasmata',
      password: USER_PASSWORD,
      role: 'ROLE_HEBERGEMENT_ETUDIANT',
      idDirection: null,
    });
    await recordAudit(
      t.database.db,
      { id: idUser, userName: ine },
      { action: 'CHANGER_MOT_DE_PASSE', resource: 'users', resourceId: idUser },
    );
    const byName = await journal(`?filtre.userName=${encodeURIComponent('zongo rasmata')}`);
    expect(byName.statusCode, byName.body).toBe(200);
    const found = byName.json() as (AuditApiRow & { libelleUtilisateur: string | null })[];
    expect(found.map((r) => r.userName)).toEqual([ine]);
    expect(found[0].libelleUtilisateur).toBe(
      fill(messages.auditObjetEtudiant, { nom: 'Zongo', prenom: 'Rasmata', ine }),
    );
    // Its INE finds it too; staff keep their username.
    const byIne = (await journal(`?filtre.userName=${ine}`)).json() as AuditApiRow[];
    expect(byIne.map((r) => r.userName)).toEqual([ine]);
  });

  it('finds a payment no person started by what « Utilisateur » shows: the operator’s notification, the check', async () => {
    const reference = `PAY-SYS-${Date.now()}`;
    for (const [confirmation, suffix] of [
      ['NOTIFICATION', 'N'],
      ['VERIFICATION', 'V'],
    ] as const)
      await recordAudit(t.database.db, null, {
        action: 'PAYER_MOBILE_MONEY',
        resource: 'paiement',
        resourceId: `${reference}-${suffix}`,
        detail: {
          confirmation,
          operateur: 'Opérateur Zêta',
          montant: 7500,
          reference: `${reference}-${suffix}`,
        },
      });
    const shown = async (text: string) =>
      (
        (
          await journal(`?filtre.userName=${encodeURIComponent(text)}&filtre.resource=paiement&size=200`)
        ).json() as (AuditApiRow & {
          libelleUtilisateur: string | null;
        })[]
      )
        .filter((r) => r.resourceId?.startsWith(reference))
        .map((r) => r.libelleUtilisateur);
    const notification = fill(messages.auditAuteurNotification, { operateur: 'Opérateur Zêta' });
    // As it reads, ignoring case and accents.
    expect(await shown('notification de l’operateur')).toEqual([notification]);
    expect(await shown('zeta')).toEqual([notification]);
    expect(await shown('paiements en attente')).toEqual([messages.auditAuteurVerification]);
    // The search finds them by what their detail holds: the operator, the receipt's reference.
    const searched = async (text: string) =>
      ((await journal(`?q=${encodeURIComponent(text)}&size=200`)).json() as AuditApiRow[])
        .filter((r) => r.resourceId?.startsWith(reference))
        .map((r) => r.resourceId)
        .sort();
    expect(await searched('operateur zeta')).toEqual([`${reference}-N`, `${reference}-V`]);
    expect(await searched(`${reference}-V`)).toEqual([`${reference}-V`]);
  });

  it('failed sign-ins are not written to the log', async () => {
    const before = await auditCount();
    const res = await t.api('POST', 'campus-auth/signin', {
      body: { username: 'admin-inconnu', password: 'mauvais-mot' },
    });
    expect(res.statusCode).toBe(401);
    expect(await auditCount()).toBe(before);
  });
});

describe('registry import', () => {
  const csv = (ine: string) =>
    `${REGISTRY_COLUMNS.join(';')}\r\n${REGISTRY_COLUMNS.map((c) => (c === 'ine' ? ine : (REGISTRY_TEMPLATE_EXAMPLE[c] ?? ''))).join(';')}\r\n`;

  it('is recorded (IMPORTER) with the file name and the counts; a rejected file is not', async () => {
    const before = await auditCount();
    const bad = await t.api('POST', 'campus/registre-etudiant/import', {
      token: admin,
      body: { nomFichier: 'mauvais.csv', fichier: Buffer.from('ine;nom\r\nX;Y\r\n').toString('base64') },
    });
    expect(bad.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);

    const res = await t.api('POST', 'campus/registre-etudiant/import', {
      token: admin,
      body: { nomFichier: 'registre-2026.csv', fichier: Buffer.from(csv('A00000000042')).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await rows<AuditDbRow>(
      t.database.db,
      sql`SELECT * FROM audit_log WHERE resource = 'registre-etudiant' ORDER BY id`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'IMPORTER',
      user_id: t.accounts.admin.id,
      user_name: t.accounts.admin.userName,
      detail: { nomFichier: 'registre-2026.csv', importes: 1, misAJour: 0 },
    });
    const entry = (await t.api('GET', `campus/audit/${log[0].id}`, { token: admin })).json() as AuditApiRow;
    expect(entry.libelleRessource).toBe(messages.registreTitre);
    expect(entry.resume).toBe('Fichier registre-2026.csv : 1 étudiant importé, 0 mis à jour.');
  });
});

describe('GET campus/audit', () => {
  it('is for the admin only: 403 for the other roles, 401 without a token (list, export, one entry)', async () => {
    for (const who of ['cenou', 'dr', 'dr2', 'etudiant'] as const) {
      const token = await t.token(who);
      expectCode(await journal('', token), 403, 'INTERDIT');
      expectCode(await journal('?format=csv', token), 403, 'INTERDIT');
      expectCode(await t.api('GET', 'campus/audit/1', { token }), 403, 'INTERDIT');
    }
    expectCode(await journal('', null), 401, 'NON_AUTHENTIFIE');
    expectCode(await t.api('GET', 'campus/audit/1'), 401, 'NON_AUTHENTIFIE');
  });

  it('pages (X-Total-Count), newest first by default, sorts on the listed columns only', async () => {
    for (let i = 0; i < 3; i++) await f.create('direction');
    const total = await auditCount();
    const first = await journal('?page=0&size=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(total));
    const page0 = first.json() as AuditApiRow[];
    expect(page0).toHaveLength(2);
    const newest = await one<{ id: number }>(t.database.db, sql`SELECT max(id)::int AS id FROM audit_log`);
    expect(page0[0].id).toBe(newest!.id);
    expect(page0[0].id).toBeGreaterThan(page0[1].id);
    const page1 = (await journal('?page=1&size=2')).json() as AuditApiRow[];
    expect(page1[0].id).toBeLessThan(page0[1].id);

    // Without page nor size: the first 50, with the total.
    const plain = await journal('');
    expect((plain.json() as AuditApiRow[]).length).toBe(Math.min(50, total));
    expect(plain.headers['x-total-count']).toBe(String(total));

    const oldest = (await journal('?page=0&size=1&sort=at,asc')).json() as AuditApiRow[];
    const min = await one<{ id: number }>(t.database.db, sql`SELECT min(id)::int AS id FROM audit_log`);
    expect(oldest[0].id).toBe(min!.id);

    const byAction = (await journal('?page=0&size=200&sort=action,asc')).json() as AuditApiRow[];
    const labels = byAction.map((r) => auditActionLabels[r.action as keyof typeof auditActionLabels]);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'fr')));

    for (const sort of ['userName,desc', 'resource,asc', 'at,desc;userName,asc']) {
      expect((await journal(`?page=0&size=5&sort=${sort}`)).statusCode, sort).toBe(200);
    }
    for (const bad of [
      '?sort=detail,asc',
      '?sort=passwordHash,asc',
      '?sort=at,haut',
      '?size=201',
      '?page=-1',
      '?filtre.inconnu=x',
      '?format=pdf',
    ]) {
      expectCode(await journal(bad), 400, 'VALIDATION');
    }
  });

  it('q matches the user, the resource and the action, codes or French labels, ignoring case and accents', async () => {
    const critere = await f.create('critere');
    await f.remove('critere', critere.idCritere);
    const found = async (query: string) =>
      (await journal(`?page=0&size=200${query}`)).json() as AuditApiRow[];

    const suppressions = await found('&q=SUPPRESSION');
    expect(suppressions.length).toBeGreaterThan(0);
    expect(new Set(suppressions.map((r) => r.action))).toEqual(new Set(['SUPPRIMER']));

    const creations = await found(`&q=${encodeURIComponent('créatïon')}`);
    expect(new Set(creations.map((r) => r.action))).toEqual(new Set(['CREER']));

    const byResource = await found(`&q=${encodeURIComponent('critères')}`);
    expect(
      byResource.some((r) => r.resource === 'critere' && r.resourceId === String(critere.idCritere)),
    ).toBe(true);
    expect(byResource.every((r) => ['critere', 'type-critere'].includes(r.resource))).toBe(true);

    const byUser = await found(`&q=${encodeURIComponent(t.accounts.admin.userName.toUpperCase())}`);
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((r) => r.userName === t.accounts.admin.userName)).toBe(true);

    const filtered = await found(
      `&filtre.action=SUPPRIMER&filtre.resource=${encodeURIComponent('Critères')}&filtre.detail=${encodeURIComponent(String(critere.libelleCritere))}`,
    );
    expect(filtered.map((r) => r.resourceId)).toEqual([String(critere.idCritere)]);
    const today = filtered[0].dateHeure.slice(0, 10);
    const sameDay = await found(
      `&filtre.at=${encodeURIComponent(today)}&filtre.resourceId=${critere.idCritere}&filtre.resource=critere`,
    );
    expect(sameDay.every((r) => r.resourceId === String(critere.idCritere))).toBe(true);
    expect(sameDay.filter((r) => r.resource === 'critere').map((r) => r.action)).toEqual([
      'SUPPRIMER',
      'CREER',
    ]);
    expect(await found('&filtre.at=01/01/1999')).toEqual([]);
    // The action's code and the resource's id are matched whole.
    expect(await found('&filtre.action=SUPPR')).toEqual([]);
    expect(await found('&filtre.action=suppression')).toEqual([]);
  });

  it('exports what it lists as CSV (BOM, ;, French headers and labels) and as XLSX', async () => {
    const ville = await f.create('ville');
    const csv = await journal(`?format=csv&filtre.resource=ville&filtre.resourceId=${ville.idVille}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="journal_operations_\d{8}_\d{6}\.csv"/,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date et heure;Utilisateur;Action;Ressource;Concerne;Identifiant;Détail');
    const mine = lines
      .slice(1)
      .filter((l) => l.includes(`;Villes;${String(ville.nomVille)};${String(ville.idVille)};`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(`;${t.accounts.admin.userName};Création;Villes;`);
    expect(mine[0]).toContain(`Nom de la ville\u00a0: ${String(ville.nomVille)}`);

    const xlsx = await journal('?format=xlsx&sort=at,asc');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(messages.journalTitre)!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date et heure',
      'Utilisateur',
      'Action',
      'Ressource',
      'Concerne',
      'Identifiant',
      'Détail',
    ]);
    expect(sheet.rowCount - 1).toBe(await auditCount());
  });

  it('GET campus/audit/{id}: one entry, 404 when there is none', async () => {
    expectCode(await t.api('GET', 'campus/audit/999999999', { token: admin }), 404, 'INTROUVABLE');
    expectCode(await t.api('GET', 'campus/audit/abc', { token: admin }), 400, 'VALIDATION');
  });
});
