import { sql } from 'drizzle-orm';
import { messages } from '../../domain/messages';
import { scoreText } from '../../domain/score';
import { recordPastAudits, type AuditActor, type AuditEntry } from '../audit/record';
import { rows, type Db } from '../db/client';

/**
 * The journal of the demo's seasons (docs/roles.md#the-audit-log): the entries its steps would have
 * written, each by its author on its day, read from what the demo wrote before (its dossiers'
 * histories, its runs, its payments): the deposits (DEPOSER), the analyses (ANALYSER), last year's
 * publications (PUBLIER), answers (REPONDRE_OFFRE), beds (AFFECTER), a change of bed
 * (DEPLACER_AFFECTATION) and cash payments (ENCAISSER).
 * Mobile money is recorded by the system, as the product does (no entry).
 */
export async function loadDemoJournal(tx: Db): Promise<number> {
  const events = await rows<{
    evenement: string;
    at: string;
    idDossier: number;
    idSessionCenou: number;
    userId: number | null;
    userName: string | null;
    reference: string;
    typeDossier: string;
    ine: string;
    moyenne: number | null;
    detail: Record<string, unknown> | null;
    canal: string | null;
    valeurs: Record<string, string> | null;
    libelles: Record<string, string> | null;
  }>(
    tx,
    sql`SELECT e.evenement, to_char(e.date_evenement AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
          e.id_dossier AS "idDossier", e.id_session_cenou AS "idSessionCenou", u.id AS "userId", u.user_name AS "userName",
          d.reference_dossier AS reference, d.type_dossier AS "typeDossier", r.ine, d.moyenne, e.detail, e.canal,
          CASE WHEN e.evenement = 'ANALYSE' THEN
            (SELECT jsonb_object_agg(c.id_dossier_critere, c.valeur_analyse) FROM dossier_critere c WHERE c.id_dossier = d.id_dossier)
          END AS valeurs,
          CASE WHEN e.evenement = 'ANALYSE' THEN
            (SELECT jsonb_object_agg(c.id_dossier_critere, t.libelle_type_critere || ' : ' || k.libelle_critere)
               FROM dossier_critere c JOIN type_critere t ON t.id_type_critere = c.id_type_critere
               JOIN critere k ON k.id_critere = c.id_critere WHERE c.id_dossier = d.id_dossier)
          END AS libelles
        FROM dossier_evenement e
        JOIN dossier d ON d.id_dossier = e.id_dossier
        JOIN registre_etudiant r ON r.id_etudiant = d.id_etudiant
        LEFT JOIN users u ON u.id = e.id_auteur
        WHERE e.evenement IN ('DEPOT', 'ANALYSE', 'REPONSE_ACCEPTEE', 'AFFECTATION', 'CHANGEMENT_LIT', 'PAIEMENT')
        ORDER BY e.date_evenement, e.id_evenement`,
  );
  const runs = await rows<{
    id: number;
    at: string;
    idSessionCenou: number;
    seed: string;
    admis: number;
    userId: number | null;
    userName: string | null;
  }>(
    tx,
    sql`SELECT r.id_deliberation AS id, to_char(r.date_publication AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
          r.id_session_cenou AS "idSessionCenou", r.seed,
          (r.nb_pupilles + r.nb_etrangers + r.nb_nationaux + r.nb_readmissions)::int AS admis,
          u.id AS "userId", u.user_name AS "userName"
        FROM deliberation r LEFT JOIN users u ON u.id = r.id_auteur
        ORDER BY r.id_deliberation`,
  );
  type Entry = AuditEntry & { actor: AuditActor | null; at: Date };
  const actor = (e: { userId: number | null; userName: string | null }): AuditActor | null =>
    e.userId === null ? null : { id: e.userId, userName: e.userName ?? '' };
  const entries: Entry[] = runs.map((r) => ({
    actor: actor(r),
    at: new Date(r.at),
    action: 'PUBLIER',
    resource: 'deliberation',
    resourceId: r.id,
    detail: { idSessionCenou: r.idSessionCenou, seed: r.seed, admis: r.admis, attente: 0, nonAdmis: 0 },
  }));
  for (const e of events) {
    const base = { actor: actor(e), at: new Date(e.at) };
    const detail = e.detail ?? {};
    if (e.evenement === 'DEPOT')
      entries.push({
        ...base,
        action: 'DEPOSER',
        resource: 'dossier',
        resourceId: e.idDossier,
        detail: { reference: e.reference, typeDossier: e.typeDossier },
      });
    else if (e.evenement === 'ANALYSE' && e.moyenne !== null)
      entries.push({
        ...base,
        action: 'ANALYSER',
        resource: 'dossier',
        resourceId: e.idDossier,
        detail: {
          libelle: messages.auditAnalyse
            .replace('{reference}', e.reference)
            .replace('{ine}', e.ine)
            .replace('{moyenne}', scoreText(e.moyenne)),
          moyenne: e.moyenne,
          valeurs: e.valeurs ?? {},
          libelles: e.libelles ?? {},
        },
      });
    else if (e.evenement === 'REPONSE_ACCEPTEE')
      entries.push({
        ...base,
        action: 'REPONDRE_OFFRE',
        resource: 'dossier',
        resourceId: e.idDossier,
        detail: { reponse: 'ACCEPTE', canal: e.canal, promotion: null },
      });
    else if (e.evenement === 'AFFECTATION' && e.userId !== null)
      entries.push({
        ...base,
        action: 'AFFECTER',
        resource: 'affectation',
        resourceId: Number(detail.idAffectation),
        detail: { idSessionCenou: e.idSessionCenou, ine: e.ine, lieu: detail.lieu },
      });
    else if (e.evenement === 'CHANGEMENT_LIT' && e.userId !== null)
      entries.push({
        ...base,
        action: 'DEPLACER_AFFECTATION',
        resource: 'affectation',
        resourceId: Number(detail.idAffectation),
        detail: { ine: e.ine, avant: { libelle: detail.avant }, apres: { libelle: detail.apres } },
      });
    else if (e.evenement === 'PAIEMENT' && detail.numeroRecu)
      entries.push({
        ...base,
        action: 'ENCAISSER',
        resource: 'paiement',
        resourceId: String(detail.reference),
        detail: {
          montant: detail.montant,
          numeroRecu: detail.numeroRecu,
          reference: detail.reference,
        },
      });
  }
  await recordPastAudits(tx, entries);
  return entries.length;
}
