import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { messages } from '../../domain/messages';
import { scoreText } from '../../domain/score';
import { recordPastAudits, type AuditActor, type AuditEntry } from '../audit/record';
import { isoUtc } from '../db/clock';
import type { Db } from '../db/client';
import {
  critere,
  deliberation,
  dossier,
  dossierCritere,
  dossierEvenement,
  paiement,
  registreEtudiant,
  typeCritere,
  users,
} from '../db/schema';

/** An analysis's values and labels, by the dossier's criterion (`dossier_critere`'s id). */
type Valeurs = Record<string, (typeof dossierCritere.$inferSelect)['valeurAnalyse']>;
type Libelles = Record<string, (typeof critere.$inferSelect)['libelleCritere']>;

/** A moment as the journal's entries are dated (ISO, UTC, to the millisecond). */
const utcText = (column: AnyPgColumn): SQL<string> => isoUtc(column);

/**
 * The journal of the demo's seasons (docs/roles.md#the-audit-log): the entries its steps would have
 * written, each by its author on its day, read from what the demo wrote before (its dossiers'
 * histories, its runs, its payments): the deposits (DEPOSER), the analyses (ANALYSER), last year's
 * publications (PUBLIER), answers (REPONDRE_OFFRE), beds (AFFECTER), a change of bed
 * (DEPLACER_AFFECTATION), cash payments (ENCAISSER) and mobile-money ones (PAYER_MOBILE_MONEY, by
 * the student who paid from its phone, confirmed by the operator's notification).
 */
export async function loadDemoJournal(tx: Db): Promise<number> {
  const c = alias(dossierCritere, 'c');
  const t = alias(typeCritere, 't');
  const k = alias(critere, 'k');
  const isAnalysis = sql`${dossierEvenement.evenement} = 'ANALYSE'`;
  const events = await tx
    .select({
      evenement: dossierEvenement.evenement,
      at: utcText(dossierEvenement.dateEvenement),
      idDossier: dossierEvenement.idDossier,
      idSessionCenou: dossierEvenement.idSessionCenou,
      userId: users.id,
      userName: users.userName,
      reference: dossier.referenceDossier,
      typeDossier: dossier.typeDossier,
      ine: registreEtudiant.ine,
      moyenne: dossier.moyenne,
      detail: dossierEvenement.detail,
      canal: dossierEvenement.canal,
      // A mobile-money payment's number debited (its payment's row; a cash one has none).
      telephone: sql<string | null>`(SELECT ${paiement.telephone} FROM ${paiement}
        WHERE ${paiement.referencePaiement} = ${dossierEvenement.detail}->>'reference')`,
      idAffectationPaiement: sql<number | null>`(SELECT ${paiement.idAffectation} FROM ${paiement}
        WHERE ${paiement.referencePaiement} = ${dossierEvenement.detail}->>'reference')`,
      valeurs: sql<Valeurs | null>`CASE WHEN ${isAnalysis} THEN
        (SELECT jsonb_object_agg(${c.idDossierCritere}, ${c.valeurAnalyse}) FROM ${dossierCritere} AS ${c}
          WHERE ${c.idDossier} = ${dossier.idDossier}) END`,
      libelles: sql<Libelles | null>`CASE WHEN ${isAnalysis} THEN
        (SELECT jsonb_object_agg(${c.idDossierCritere}, ${t.libelleTypeCritere} || ' : ' || ${k.libelleCritere})
          FROM ${dossierCritere} AS ${c} JOIN ${typeCritere} AS ${t} ON ${t.idTypeCritere} = ${c.idTypeCritere}
          JOIN ${critere} AS ${k} ON ${k.idCritere} = ${c.idCritere} WHERE ${c.idDossier} = ${dossier.idDossier}) END`,
    })
    .from(dossierEvenement)
    .innerJoin(dossier, eq(dossier.idDossier, dossierEvenement.idDossier))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .leftJoin(users, eq(users.id, dossierEvenement.idAuteur))
    .where(
      inArray(dossierEvenement.evenement, [
        'DEPOT',
        'ANALYSE',
        'REPONSE_ACCEPTEE',
        'AFFECTATION',
        'CHANGEMENT_LIT',
        'PAIEMENT',
      ]),
    )
    .orderBy(dossierEvenement.dateEvenement, dossierEvenement.idEvenement);
  const runs = await tx
    .select({
      id: deliberation.idDeliberation,
      at: utcText(deliberation.datePublication),
      idSessionCenou: deliberation.idSessionCenou,
      seed: deliberation.seed,
      admis: sql<number>`(${deliberation.nbPupilles} + ${deliberation.nbEtrangers} + ${deliberation.nbNationaux}
        + ${deliberation.nbReadmissions})::int`,
      userId: users.id,
      userName: users.userName,
    })
    .from(deliberation)
    .leftJoin(users, eq(users.id, deliberation.idAuteur))
    .orderBy(deliberation.idDeliberation);
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
    else if (e.evenement === 'PAIEMENT' && e.telephone && e.userId !== null)
      // By mobile money, started by the student from its phone and confirmed by the operator's
      // notification: the entry the product's recorder writes (src/server/modules/payments/recorder.ts).
      entries.push({
        ...base,
        action: 'PAYER_MOBILE_MONEY',
        resource: 'paiement',
        resourceId: String(detail.reference),
        detail: {
          idAffectation: e.idAffectationPaiement,
          ine: e.ine,
          montant: detail.montant,
          reference: detail.reference,
          operateur: detail.moyen,
          telephone: e.telephone,
          auteur: 'ETUDIANT',
          confirmation: 'NOTIFICATION',
        },
      });
  }
  await recordPastAudits(tx, entries);
  return entries.length;
}
