/**
 * Mobile-money webhooks under duplicates (issue 26, PostgreSQL only, docs/benchmarks.md): 1,000
 * payments pending in the bench's database (students housed by SQL, each with its simulated
 * transaction already approved), then 20 deliveries at once of each payment's signed notification
 * (20,000 requests, five payments' deliveries in flight at a time), each verified, the simulator
 * asked, and the payment recorded. A trigger of the bench's own counts each change to REUSSI:
 * every payment must be recorded exactly once.
 */
import http from 'node:http';
import pg from 'pg';
import { signatureHeader } from '../../src/server/payments/signature';
import { paymentSecrets } from '../../src/server/payments/secrets';

export interface WebhooksReport {
  payments: number;
  deliveries: number;
  /** Deliveries of one notification at once. */
  duplicates: number;
  prepareSeconds: number;
  wallSeconds: number;
  /** Requests (deliveries) answered a second. */
  deliveriesPerSecond: number;
  /** Distinct notifications (payments) settled a second. */
  paymentsPerSecond: number;
  status: Record<string, number>;
  recordedOnce: number;
  recordedTwice: number;
  notRecorded: number;
}

async function prepare(c: pg.Client, n: number) {
  const q = async (text: string, values: unknown[] = []) => (await c.query(text, values)).rows;
  const tag = Date.now().toString(36).toUpperCase();
  const [{ id: idDirection }] = await q(
    `INSERT INTO direction (libelle_direction, sigle_direction) VALUES ($1, 'BWH') RETURNING id_direction AS id`,
    [`Direction banc paiements ${tag}`],
  );
  const [{ id: idVille }] = await q(
    `INSERT INTO ville (id_direction, nom_ville, cle_ville) VALUES ($1, $2, $3) RETURNING id_ville AS id`,
    [idDirection, `Banc-Paiements ${tag}`, `banc-paiements-${tag.toLowerCase()}`],
  );
  const [{ id: idSession }] = await q(
    `INSERT INTO session_cenou (id_direction, etat_session, statut_session, date_ouverture, annee_debut)
     VALUES ($1, 'DELIBERATION', 'OUVERT', date '2026-09-01', 2026) RETURNING id_session_cenou AS id`,
    [idDirection],
  );
  const [{ id: idCite }] = await q(
    `INSERT INTO cite (id_ville, nom_cite, nb_lit) VALUES ($1, $2, 0) RETURNING id_cite AS id`,
    [idVille, `Cité banc paiements ${tag}`],
  );
  const [{ id: cat }] = await q(
    `INSERT INTO categorie_chambre (id_cite, libelle_categorie_chambre, montant_chambre)
     VALUES ($1, 'Double', 7500) RETURNING id_categorie_chambre AS id`,
    [idCite],
  );
  await q(
    `WITH b AS (
       INSERT INTO batiment (id_cite, libelle_batiment, code_batiment, sexe) VALUES ($1, 'Bâtiment P', 'P', 'MIXTE')
       RETURNING id_batiment
     ), nv AS (
       INSERT INTO niveau (id_batiment, libelle_niveau, code_niveau) SELECT id_batiment, 'Niveau 1', 'N1' FROM b
       RETURNING id_niveau
     ), co AS (
       INSERT INTO couloir (id_niveau, libelle_couloir, code_couloir) SELECT id_niveau, 'Couloir 1', 'C1' FROM nv
       RETURNING id_couloir
     ), ch AS (
       INSERT INTO chambre (id_couloir, id_categorie_chambre, libelle_chambre, code_chambre)
       SELECT co.id_couloir, $2, 'Chambre ' || k, k::text FROM co, generate_series(1, $3::int) k RETURNING id_chambre
     )
     INSERT INTO lit (id_chambre, libelle_lit, code_lit) SELECT ch.id_chambre, 'Lit ' || k, k::text FROM ch, generate_series(1, 4) k`,
    [idCite, cat, Math.ceil(n / 4)],
  );
  await q(
    `WITH r AS (
       INSERT INTO registre_etudiant (ine, nom_etudiant, prenom_etudiant, sexe_etudiant, date_naissance,
         ville_orientation, id_ville, recherche)
       SELECT 'PW' || $3 || lpad(i::text, 6, '0'), 'Ouédraogo', 'Prénom ' || i, CASE WHEN i % 2 = 0 THEN 'M' ELSE 'F' END,
              date '2003-01-01' + (i % 1500), $4, $1, ''
       FROM generate_series(1, $2::int) i RETURNING id_etudiant, ine, nom_etudiant, prenom_etudiant
     ), u AS (
       INSERT INTO users (id_direction, user_name, nom, prenom, email, role, password_hash)
       SELECT $5, ine, nom_etudiant, prenom_etudiant, lower(ine) || '@exemple.bf', 'ROLE_HEBERGEMENT_ETUDIANT',
              'bench-no-password' FROM r RETURNING id, user_name
     )
     INSERT INTO dossier (reference_dossier, id_session_cenou, id_direction, id_etudiant, id_user, statut_dossier,
       moyenne, liste_deliberation, rang, reponse)
     SELECT 'BWH-' || r.ine, $6, $5, r.id_etudiant, u.id, 'ADMIS', 10, 'NATIONAUX',
            row_number() OVER (ORDER BY r.id_etudiant), 'ACCEPTE'
     FROM r JOIN u ON u.user_name = r.ine`,
    [idVille, n, tag, `Banc-Paiements ${tag}`, idDirection, idSession],
  );
  await q(
    `WITH d AS (
       SELECT id_dossier, id_etudiant, row_number() OVER (ORDER BY id_dossier) AS k FROM dossier WHERE id_session_cenou = $1
     ), l AS (
       SELECT l.id_lit, l.id_chambre, row_number() OVER (ORDER BY l.id_lit) AS k
       FROM lit l JOIN chambre ch ON ch.id_chambre = l.id_chambre WHERE ch.id_categorie_chambre = $2
     )
     INSERT INTO affectation (id_session_cenou, id_dossier, id_etudiant, id_cite, id_chambre, id_lit, code_verification)
     SELECT $1, d.id_dossier, d.id_etudiant, $3, l.id_chambre, l.id_lit, 'BWH' || $4 || d.k FROM d JOIN l USING (k)`,
    [idSession, cat, idCite, tag],
  );
  // Each payment pending, its simulated transaction already approved (its own webhook not sent).
  const list = await q(
    `WITH a AS (
       SELECT id_affectation, row_number() OVER (ORDER BY id_affectation) AS k FROM affectation WHERE id_session_cenou = $1
     ), s AS (
       INSERT INTO simulateur_transaction (reference, description, amount, custom_metadata, status, token, mode, phone_number, sent_at)
       SELECT 'trx_banc_' || $2 || k, 'Loyer', 7500, jsonb_build_object('reference_paiement', 'MM-BANC-' || $2 || '-' || k),
              'approved', 'tok_banc_' || $2 || k, 'orange_bf', '+22670000010', now()
       FROM a RETURNING id, custom_metadata->>'reference_paiement' AS ref
     )
     INSERT INTO paiement (reference_paiement, id_affectation, id_operateur, montant, telephone, id_transaction_fournisseur)
     SELECT s.ref, a.id_affectation, 1, 7500, '+22670000010', s.id::text
     FROM s JOIN a ON 'MM-BANC-' || $2 || '-' || a.k = s.ref
     RETURNING reference_paiement AS ref, id_transaction_fournisseur AS id`,
    [idSession, tag],
  );
  // The bench's own witness: one row per change of a payment to REUSSI.
  await q(
    `CREATE TABLE IF NOT EXISTS banc_paiement_enregistre (ref text NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
  );
  await q(`CREATE OR REPLACE FUNCTION banc_paiement_enregistre() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN INSERT INTO banc_paiement_enregistre (ref) VALUES (NEW.reference_paiement); RETURN NEW; END $$`);
  await q(`DROP TRIGGER IF EXISTS banc_paiement_enregistre ON paiement`);
  await q(`CREATE TRIGGER banc_paiement_enregistre AFTER UPDATE OF statut ON paiement FOR EACH ROW
           WHEN (NEW.statut = 'REUSSI' AND OLD.statut IS DISTINCT FROM 'REUSSI') EXECUTE FUNCTION banc_paiement_enregistre()`);
  await q('ANALYZE paiement; ANALYZE simulateur_transaction');
  return list as { ref: string; id: string }[];
}

function post(agent: http.Agent, url: URL, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

export async function benchWebhooks(opts: {
  baseUrl: string;
  databaseUrl: string;
  jwtSecret: string;
  payments?: number;
  duplicates?: number;
  /** Payments whose deliveries are in flight at once. */
  parallel?: number;
  log: (line: string) => void;
}): Promise<WebhooksReport> {
  const n = opts.payments ?? 1000;
  const dup = opts.duplicates ?? 20;
  const parallel = opts.parallel ?? 5;
  const c = new pg.Client({ connectionString: opts.databaseUrl });
  await c.connect();
  try {
    const t0 = Date.now();
    const list = await prepare(c, n);
    const prepareSeconds = (Date.now() - t0) / 1000;
    const { secret } = paymentSecrets(
      { PAIEMENT_CLE: undefined, PAIEMENT_SECRET_WEBHOOK: undefined },
      opts.jwtSecret,
    );
    const url = new URL('/service/api/paiements/notification', opts.baseUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: parallel * dup });
    const status: Record<string, number> = {};
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= list.length) return;
        const p = list[i];
        const answers = await Promise.all(
          Array.from({ length: dup }, (_, k) => {
            const body = JSON.stringify({
              id: i * 100 + k,
              name: 'transaction.approved',
              object: 'transaction',
              object_id: Number(p.id),
              entity: {
                klass: 'v1/transaction',
                id: Number(p.id),
                status: 'approved',
                custom_metadata: { reference_paiement: p.ref },
              },
            });
            return post(agent, url, body, {
              'content-type': 'application/json',
              'x-fedapay-signature': signatureHeader(body, secret),
            });
          }),
        );
        for (const s of answers) status[s] = (status[s] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    const wallSeconds = (Date.now() - started) / 1000;
    agent.destroy();
    const counts = (
      await c.query<{ n: number; refs: number }>(
        `SELECT count(*) FILTER (WHERE k = 1)::int AS once, count(*) FILTER (WHERE k > 1)::int AS twice
         FROM (SELECT ref, count(*) AS k FROM banc_paiement_enregistre GROUP BY ref) x`,
      )
    ).rows[0] as unknown as { once: number; twice: number };
    const [{ left }] = (
      await c.query(
        `SELECT count(*)::int AS left FROM paiement WHERE reference_paiement LIKE 'MM-BANC-%' AND statut <> 'REUSSI'`,
      )
    ).rows;
    const report: WebhooksReport = {
      payments: n,
      deliveries: n * dup,
      duplicates: dup,
      prepareSeconds,
      wallSeconds,
      deliveriesPerSecond: Math.round((n * dup) / wallSeconds),
      paymentsPerSecond: Math.round(n / wallSeconds),
      status,
      recordedOnce: counts.once,
      recordedTwice: counts.twice,
      notRecorded: Number(left),
    };
    opts.log(
      `   ${report.deliveries} notifications (${n} × ${dup}) en ${wallSeconds.toFixed(1)} s : ${report.deliveriesPerSecond}/s ` +
        `(${report.paymentsPerSecond} paiements/s) ; réponses ${JSON.stringify(status)} ; enregistrés une fois ${counts.once}, ` +
        `deux fois ${counts.twice}, pas enregistrés ${report.notRecorded}`,
    );
    return report;
  } finally {
    await c.end();
  }
}
