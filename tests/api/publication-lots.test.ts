import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { enumLabel } from '../../src/domain/messages-labels';
import { scoreText } from '../../src/domain/score';
import { tableauDeBordUrl } from '../../src/server/config/urls';
import { one, rows } from '../../src/server/db/client';
import { expandLots } from '../../src/server/mail/lots';
import { LOT_KINDS } from '../../src/server/modules/lot-kinds';
import { formatDateDepot, resultMail } from '../../src/server/mail/templates';
import { MailWorker } from '../../src/server/mail/worker';
import { setupTestApp, type TestContext } from '../helpers/app';
import { addManyDossiers, setQuota, setupDeliberation, type DelibFixture } from '../helpers/deliberation';
import { queuedMails, readMailDir } from '../helpers/mail';
import { describeOnPostgres } from '../helpers/postgres';

/**
 * A publication's own writes kept small (docs/decisions/009-deliberation.md, "Bulk writes"): the
 * result mails are one lot the mail worker expands a chunk at a time, and the history's PUBLICATION
 * and OFFRE are read from the stored run.
 */

let t: TestContext;
const db = () => t.database.db;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t?.close());

let prefixes = 0;
/** A session of `n` analysed candidates; two of their accounts (the 1st and 5th) have no e-mail (''). */
async function session(n: number, sigle = 'OUA'): Promise<DelibFixture> {
  const f = await setupDeliberation(db(), sigle);
  await setQuota(f, 'pupille', 2);
  await setQuota(f, 'etranger', 2);
  await setQuota(f, 'burkinabe', Math.ceil(n / 4));
  prefixes += 1;
  await addManyDossiers(f, n, `L${'ABCDEFGHIJ'[prefixes]}`);
  await db().execute(
    sql`UPDATE users SET email = ''
        FROM (SELECT d.id_user, row_number() OVER (ORDER BY d.id_dossier) AS n FROM dossier d
              WHERE d.id_session_cenou = ${f.idSessionCenou}) u
        WHERE users.id = u.id_user AND u.n IN (1, 5)`,
  );
  return f;
}

async function publish(f: DelibFixture, seed: string): Promise<number> {
  const res = await t.api('POST', 'campus/deliberation', {
    token: await t.token('admin'),
    body: { idSessionCenou: f.idSessionCenou, idDirection: f.idDirection, seed },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().idDeliberation as number;
}

interface LotRow {
  id: number;
  templates: Record<string, number>;
  dernier: number;
  termine: boolean;
  interrompu: boolean;
  erreur: string | null;
}
const lotOf = async (idDeliberation: number) =>
  (await one<LotRow>(
    db(),
    sql`SELECT id, templates, dernier_id_dossier AS dernier, termine_le IS NOT NULL AS termine, interrompu,
          last_error AS erreur
        FROM outbox_lot WHERE id_deliberation = ${idDeliberation}`,
  ))!;

/** The mails of a lot (its templates), as the worker renders them, without expanding anything. */
async function mailsOf(lot: LotRow) {
  const ids = Object.values(lot.templates);
  return queuedMails(
    db(),
    sql`m.id_template IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    { expand: false },
  );
}

/** The run's dossiers in expansion order, with what their result mail says and where it goes. */
async function runDossiers(idDeliberation: number) {
  return rows<{
    idDossier: number;
    email: string | null;
    statut: 'ADMIS' | 'LISTE_ATTENTE' | 'NON_ADMIS';
    liste: string | null;
    rang: number | null;
    moyenne: number;
    nom: string;
    prenom: string;
    reference: string;
  }>(
    db(),
    sql`SELECT c.id_dossier AS "idDossier", u.email, c.statut, c.liste, c.rang, c.moyenne,
          r.nom_etudiant AS nom, r.prenom_etudiant AS prenom, d.reference_dossier AS reference
        FROM deliberation_candidat c JOIN dossier d ON d.id_dossier = c.id_dossier
        JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant JOIN users u ON u.id = d.id_user
        WHERE c.id_deliberation = ${idDeliberation} ORDER BY c.id_dossier`,
  );
}

/** Each student with an e-mail gets the mail built directly (the full form), once. */
async function expectOneMailEach(idDeliberation: number) {
  const run = (await one<{ deadline: string }>(
    db(),
    sql`SELECT date_limite_reponse::text AS deadline FROM deliberation WHERE id_deliberation = ${idDeliberation}`,
  ))!;
  const dateLimite = formatDateDepot(new Date(run.deadline));
  const url = tableauDeBordUrl(t.config);
  const expected = (await runDossiers(idDeliberation))
    .filter((x) => x.email)
    .map((x) => {
      const direct = resultMail(
        {
          nom: x.nom,
          prenom: x.prenom,
          referenceDossier: x.reference,
          resultat: x.statut,
          rang: x.rang,
          liste: x.liste ? enumLabel('listeDeliberation', x.liste) : null,
          moyenne: scoreText(x.moyenne),
          dateLimite,
        },
        url,
      );
      return { recipient: x.email, subject: direct.subject, text: direct.text, html: direct.html };
    });
  const got = (await mailsOf(await lotOf(idDeliberation))).map((m) => ({
    recipient: m.recipient,
    subject: m.subject,
    text: m.text_body,
    html: m.html_body,
  }));
  const byRecipient = (a: { recipient: string | null }, b: { recipient: string | null }) =>
    a.recipient! < b.recipient! ? -1 : 1;
  expect(got.sort(byRecipient)).toEqual(expected.sort(byRecipient));
  return got.length;
}

describe('result mails: one lot, expanded by the mail worker', () => {
  it('the publication queues one lot and no mail; expanded in chunks, one mail per student with an e-mail, as the full form', async () => {
    const f = await session(40);
    const idDeliberation = await publish(f, 'lots');
    let lot = await lotOf(idDeliberation);
    expect(lot).toMatchObject({ dernier: 0, termine: false, interrompu: false });
    expect(Object.keys(lot.templates).sort()).toEqual([
      'ADMIS:ETRANGERS',
      'ADMIS:NATIONAUX',
      'ADMIS:PUPILLES',
      'ADMIS:READMISSIONS',
      'LISTE_ATTENTE:',
      'NON_ADMIS:',
    ]);
    expect(await mailsOf(lot)).toHaveLength(0);

    // Two chunks of 7, then stopped (the worker stopping): the cursor is the 14th dossier.
    const dossiers = await runDossiers(idDeliberation);
    expect(dossiers).toHaveLength(40);
    let chunks = 0;
    const first = await expandLots(db(), { kinds: LOT_KINDS, chunk: 7, shouldStop: () => chunks++ >= 2 });
    lot = await lotOf(idDeliberation);
    expect(lot).toMatchObject({ dernier: dossiers[13].idDossier, termine: false });
    // Dossiers 1 and 5 have no e-mail.
    expect(first).toBe(12);
    expect(await mailsOf(lot)).toHaveLength(12);

    // The rest: 26 dossiers in 4 chunks, the last one short, which ends the lot.
    expect(await expandLots(db(), { kinds: LOT_KINDS, chunk: 7 })).toBe(26);
    lot = await lotOf(idDeliberation);
    expect(lot).toMatchObject({ dernier: dossiers[39].idDossier, termine: true, interrompu: false });
    expect(await expectOneMailEach(idDeliberation)).toBe(38);
    expect(await expandLots(db(), { kinds: LOT_KINDS, chunk: 7 })).toBe(0);
  });

  it('a chunk that fails is rolled back whole: the lot keeps its cursor, waits, and is finished later without a duplicate', async () => {
    const f = await session(30);
    const idDeliberation = await publish(f, 'panne');
    const dossiers = await runDossiers(idDeliberation);
    // The 17th dossier's mail (third chunk of 7) cannot be inserted.
    await db().execute(
      sql.raw(`CREATE FUNCTION test_lot_panne() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.recipient = '${dossiers[16].email}' THEN RAISE EXCEPTION 'panne simulée'; END IF;
          RETURN NEW;
        END $$`),
    );
    await db().execute(
      sql`CREATE TRIGGER test_lot_panne BEFORE INSERT ON outbox_mail FOR EACH ROW EXECUTE FUNCTION test_lot_panne()`,
    );
    try {
      expect(await expandLots(db(), { kinds: LOT_KINDS, chunk: 7 })).toBe(12);
      let lot = await lotOf(idDeliberation);
      expect(lot).toMatchObject({ dernier: dossiers[13].idDossier, termine: false });
      expect(lot.erreur).toContain('panne simulée');
      expect(await mailsOf(lot)).toHaveLength(12);
      // It waits before the next try: nothing more now.
      expect(await expandLots(db(), { kinds: LOT_KINDS, chunk: 7 })).toBe(0);
      await db().execute(sql`DROP TRIGGER test_lot_panne ON outbox_mail`);
      await db().execute(sql`UPDATE outbox_lot SET next_attempt_at = now() WHERE id = ${lot.id}`);
      expect(await expandLots(db(), { kinds: LOT_KINDS, chunk: 7 })).toBe(16);
      lot = await lotOf(idDeliberation);
      expect(lot).toMatchObject({ dernier: dossiers[29].idDossier, termine: true, erreur: null });
      expect(await expectOneMailEach(idDeliberation)).toBe(28);
    } finally {
      await db().execute(sql`DROP TRIGGER IF EXISTS test_lot_panne ON outbox_mail`);
      await db().execute(sql`DROP FUNCTION IF EXISTS test_lot_panne()`);
    }
  });

  it('a lot whose run was replaced before it was expanded stops there; the new run’s lot is expanded whole', async () => {
    const f = await session(20);
    const old = await publish(f, 'ancien');
    let chunks = 0;
    // Dossiers 1 to 6, of which 1 and 5 have no e-mail.
    expect(await expandLots(db(), { kinds: LOT_KINDS, chunk: 6, shouldStop: () => chunks++ >= 1 })).toBe(4);
    const replacing = await publish(f, 'nouveau');
    expect(await expandLots(db(), { kinds: LOT_KINDS, chunk: 6 })).toBe(18);
    const stopped = await lotOf(old);
    expect(stopped).toMatchObject({ termine: true, interrompu: true });
    expect(stopped.dernier).toBe((await runDossiers(old))[5].idDossier);
    expect(await mailsOf(stopped)).toHaveLength(4);
    expect(await lotOf(replacing)).toMatchObject({ termine: true, interrompu: false });
    expect(await expectOneMailEach(replacing)).toBe(18);
  });
});

describe('the mail worker', () => {
  it('expands the due lots before it claims mails, then sends them like any other', async () => {
    const f = await session(8);
    const idDeliberation = await publish(f, 'facteur');
    const mailDir = path.join(t.dataDir, 'lots-mail');
    const worker = new MailWorker({
      db: db(),
      log: t.app.log,
      mailDir,
      from: t.config.MAIL_FROM,
      intervalMs: 50,
      lotKinds: LOT_KINDS,
    });
    try {
      expect(await worker.runOnce()).toBeGreaterThanOrEqual(6);
    } finally {
      await worker.stop();
    }
    expect(await lotOf(idDeliberation)).toMatchObject({ termine: true });
    const expected = (await runDossiers(idDeliberation)).filter((x) => x.email).map((x) => x.email);
    const written = readMailDir(mailDir).filter((m) => expected.includes(m.to));
    expect(written.map((m) => m.to).sort()).toEqual(expected.sort());
    expect(
      written.every((m) => m.subject.startsWith('CENOU Hébergement\u00a0: résultat de votre demande')),
    ).toBe(true);
    // The staff's list of what a student was sent reads the mail's subject as it was sent: its
    // template filled with the student's values, no placeholder left.
    const one = (await runDossiers(idDeliberation)).find((x) => x.email)!;
    const sent = (
      await t.api('GET', `campus/dossier/${one.idDossier}/messages`, { token: await t.token('admin') })
    ).json() as { canal: string; contenu: string }[];
    const result = sent.find((m) => m.canal === 'MAIL' && m.contenu.includes('résultat de votre demande'));
    expect(result?.contenu).toBe(written.find((m) => m.to === one.email)!.subject);
    expect(result!.contenu).toContain(one.reference);
    // eslint-disable-next-line no-control-regex -- a placeholder's marker is a control character
    expect(sent.every((m) => !/[\u0000-\u001f]/.test(m.contenu))).toBe(true);
  });
});

describe('the lots on a loop of their own', () => {
  it('a lot queued while mails are being sent is expanded at once, not after them (its mails and SMS queued together)', async () => {
    // A backlog of mails queued first (an earlier publication's), each slow to send.
    await db().execute(sql`DELETE FROM outbox_mail WHERE sent_at IS NULL`);
    await db().execute(
      sql`INSERT INTO outbox_mail (kind, recipient, subject, text_body, html_body)
          SELECT 'TEST', 'attente' || g || '@exemple.bf', 'Objet', 'Texte', '<p>Texte</p>'
          FROM generate_series(1, 40) g`,
    );
    const worker = new MailWorker({
      db: db(),
      log: t.app.log,
      mailDir: path.join(t.dataDir, 'lots-backlog'),
      from: t.config.MAIL_FROM,
      intervalMs: 50,
      lotKinds: LOT_KINDS,
      batchSize: 5,
    });
    let sent = 0;
    const slow = worker as unknown as { deliver(mail: unknown): Promise<void> };
    const deliver = slow.deliver.bind(worker);
    slow.deliver = async (mail) => {
      await new Promise((r) => setTimeout(r, 50));
      await deliver(mail);
      sent += 1;
    };
    const backlogLeft = () =>
      one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM outbox_mail WHERE kind = 'TEST' AND sent_at IS NULL`,
      );
    try {
      worker.start();
      await vi.waitUntil(() => sent >= 2, { timeout: 10_000, interval: 20 });
      const f = await session(8);
      const idDeliberation = await publish(f, 'sans attendre');
      await vi.waitUntil(async () => (await lotOf(idDeliberation)).termine, {
        timeout: 10_000,
        interval: 20,
      });
      // The lot expanded while the backlog (40 mails at 50 ms or more each) was still going out.
      expect((await backlogLeft())!.n).toBeGreaterThan(0);
      // And every mail goes out, the backlog's and the lot's, one each.
      const unsent = async () =>
        (await one<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM outbox_mail WHERE sent_at IS NULL`,
        ))!.n;
      await vi.waitUntil(async () => (await unsent()) === 0, { timeout: 20_000, interval: 50 });
      expect(await expectOneMailEach(idDeliberation)).toBeGreaterThanOrEqual(6);
    } finally {
      await worker.stop();
    }
  });
});

describe('history: the publications read from the stored runs', () => {
  const history = async (idDossier: number) =>
    (
      await t.api('GET', `campus/dossier/${idDossier}/historique`, { token: await t.token('admin') })
    ).json() as {
      evenement: string;
      date: string;
      auteur: string | null;
    }[];
  const runsOf = (f: DelibFixture) =>
    rows<{ id: number; date: string; auteur: string | null; deadline: string }>(
      db(),
      sql`SELECT id_deliberation AS id, nom_auteur AS auteur,
            to_char(date_publication AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS date,
            to_char(date_limite_reponse AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS deadline
          FROM deliberation WHERE id_session_cenou = ${f.idSessionCenou} ORDER BY id_deliberation`,
    );

  it('each run holding the dossier: PUBLICATION at its time by its author, OFFRE with it when admitted; none stored', async () => {
    const f = await session(12);
    await publish(f, 'premier');
    await publish(f, 'second');
    const runs = await runsOf(f);
    expect(runs).toHaveLength(2);
    expect(runs[0].auteur).toBeTruthy();
    const stored = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM dossier_evenement WHERE id_session_cenou = ${f.idSessionCenou}`,
    );
    expect(stored!.n).toBe(0);
    for (const idDeliberation of runs.map((r) => r.id)) {
      expect((await runDossiers(idDeliberation)).length).toBe(12);
    }
    const [a, b] = [await runDossiers(runs[0].id), await runDossiers(runs[1].id)];
    for (let i = 0; i < a.length; i++) {
      const expected = [a[i], b[i]].flatMap((x, k) => [
        { evenement: 'PUBLICATION', date: runs[k].date, auteur: runs[k].auteur },
        ...(x.statut === 'ADMIS' ? [{ evenement: 'OFFRE', date: runs[k].date, auteur: runs[k].auteur }] : []),
      ]);
      expect(
        (await history(a[i].idDossier)).map(({ evenement, date, auteur }) => ({ evenement, date, auteur })),
      ).toEqual(expected);
    }
  });

  it('migration 0011 deletes the events earlier publications wrote, keeps a promotion’s OFFRE: the history reads the same', async () => {
    const f = await session(12);
    for (const seed of ['un', 'deux', 'trois']) await publish(f, seed);
    const runs = await runsOf(f);
    // What publications wrote before 0011 (runs 1 and 2; run 3 as if published before the history existed).
    for (const run of runs.slice(0, 2)) {
      await db().execute(
        sql`INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
            SELECT x.id_dossier, ${f.idSessionCenou}, e.evenement, r.date_publication, r.id_auteur, r.nom_auteur,
              CASE WHEN e.evenement = 'PUBLICATION'
                THEN jsonb_build_object('idDeliberation', r.id_deliberation, 'statut', x.statut, 'liste', x.liste, 'rang', x.rang)
                ELSE jsonb_build_object('liste', x.liste, 'rang', x.rang, 'dateLimiteReponse', ${run.deadline}::text) END
            FROM deliberation_candidat x JOIN deliberation r ON r.id_deliberation = x.id_deliberation
            JOIN LATERAL (VALUES ('PUBLICATION'::text, 1), ('OFFRE'::text, 2)) AS e(evenement, ord)
              ON e.evenement = 'PUBLICATION' OR x.statut = 'ADMIS'
            WHERE x.id_deliberation = ${run.id}
            ORDER BY x.id_dossier, e.ord`,
      );
    }
    // A promotion from the waiting list, later: PROMOTION then its own OFFRE, at the same time.
    const waiting = (await runDossiers(runs[2].id)).find((x) => x.statut === 'LISTE_ATTENTE')!;
    for (const evenement of ['PROMOTION', 'OFFRE'])
      await db().execute(
        sql`INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, auteur, detail)
            VALUES (${waiting.idDossier}, ${f.idSessionCenou}, ${evenement}, now() + interval '1 hour', 'Promoteur',
              '{"liste": "NATIONAUX", "rang": 9}'::jsonb)`,
      );
    // The history as it read before 0011: the stored events only.
    const dossiers = (await runDossiers(runs[0].id)).map((x) => x.idDossier);
    await db().execute(
      sql`UPDATE deliberation SET historique = false, nom_auteur = NULL, date_limite_reponse = NULL
          WHERE id_session_cenou = ${f.idSessionCenou}`,
    );
    const before = new Map<number, unknown>();
    for (const id of dossiers) before.set(id, await history(id));
    expect(before.get(waiting.idDossier)).toEqual(
      expect.arrayContaining([expect.objectContaining({ evenement: 'PROMOTION' })]),
    );
    await db().execute(
      sql`UPDATE deliberation SET historique = true WHERE id_session_cenou = ${f.idSessionCenou}`,
    );

    const text = readFileSync(
      new URL('../../src/server/db/migrations/0011_publication_derivee.sql', import.meta.url),
      'utf8',
    );
    const statements = text.split('--> statement-breakpoint');
    const from = statements.findIndex((s) => s.includes('CREATE TEMPORARY TABLE'));
    expect(from).toBeGreaterThan(0);
    // The migration looks at every run: the other tests' runs (no event written) keep their flag.
    const others = await rows<{ id: number }>(
      db(),
      sql`SELECT id_deliberation AS id FROM deliberation WHERE id_session_cenou <> ${f.idSessionCenou} AND historique`,
    );
    await db().transaction(async (tx) => {
      for (const s of statements.slice(from)) await tx.execute(sql.raw(s));
    });
    if (others.length)
      await db().execute(
        sql`UPDATE deliberation SET historique = true WHERE id_deliberation IN (${sql.join(
          others.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );

    for (const id of dossiers) expect(await history(id), `dossier ${id}`).toEqual(before.get(id));
    const left = await rows<{ evenement: string }>(
      db(),
      sql`SELECT evenement FROM dossier_evenement WHERE id_session_cenou = ${f.idSessionCenou} ORDER BY id_evenement`,
    );
    expect(left.map((e) => e.evenement)).toEqual(['PROMOTION', 'OFFRE']);
    const after = await runsOf(f);
    expect(after.map((r) => ({ auteur: r.auteur, deadline: r.deadline }))).toEqual([
      { auteur: runs[0].auteur, deadline: runs[0].deadline },
      { auteur: runs[1].auteur, deadline: runs[1].deadline },
      { auteur: null, deadline: null },
    ]);
    const flags = await rows<{ historique: boolean }>(
      db(),
      sql`SELECT historique FROM deliberation WHERE id_session_cenou = ${f.idSessionCenou} ORDER BY id_deliberation`,
    );
    expect(flags.map((r) => r.historique)).toEqual([true, true, false]);
  });
});

describeOnPostgres('two mail workers expanding lots at once (PostgreSQL)', () => {
  it('every student of each lot gets exactly one mail', async () => {
    await expandLots(db(), { kinds: LOT_KINDS }); // the lots the tests above left
    const f = await session(600, 'OUA');
    const g = await session(400, 'KDG');
    const runs = [await publish(f, 'concurrence'), await publish(g, 'concurrence')];
    const due = async () =>
      (await one<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM outbox_lot WHERE termine_le IS NULL`,
      ))!.n;
    const worker = async () => {
      let queued = 0;
      let rounds = 0;
      while ((await due()) > 0) {
        queued += await expandLots(db(), { kinds: LOT_KINDS, chunk: 25 });
        rounds += 1;
        await new Promise((r) => setTimeout(r, 1));
      }
      return { queued, rounds };
    };
    const done = await Promise.all([worker(), worker(), worker()]);
    expect(done.reduce((n, w) => n + w.queued, 0)).toBe(598 + 398);
    // The work was shared (a lot is held only for one chunk at a time).
    expect(done.filter((w) => w.queued > 0).length).toBeGreaterThanOrEqual(2);
    const c = await one<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM outbox_lot WHERE id_deliberation IN (${runs[0]}, ${runs[1]}) AND termine_le IS NOT NULL`,
    );
    expect(c!.n).toBe(2);
    expect(await expectOneMailEach(runs[0])).toBe(598);
    expect(await expectOneMailEach(runs[1])).toBe(398);
  }, 120_000);
});
