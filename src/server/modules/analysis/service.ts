import { VALEURS_ANALYSE, type ValeurAnalyse } from '../../../domain/enums';
import type { FieldError } from '../../../domain/errors';
import { messages } from '../../../domain/messages';
import { computeScore, scoreText, type ScoreBreakdown } from '../../../domain/score';
import { dossierMoveAllowed } from '../../../domain/workflow';
import { assertCanReach } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import { recordEvent } from '../../history/record';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../errors';
import { lockOpenSession } from '../../sessions/open-session';
import { storeAnalysis } from '../dossier/repository';
import {
  dossierCriteres,
  dossierHead,
  liveTypes,
  readDossier,
  type AnalysedDossier,
  type DossierCritereRow,
} from './repository';

interface AnalysisInput {
  idDossier: number;
  listeDossierCritere?: { idDossierCritere: number; valeurAnalyse?: unknown }[];
}

type DossierCritereOut = Omit<DossierCritereRow, 'note'>;

export interface AnalysisAnswer extends AnalysedDossier {
  listeDossierCritere: DossierCritereOut[];
  /** How `moyenne` was reached (docs/deliberation.md): per entry, and the divisor. */
  detailMoyenne: Omit<ScoreBreakdown, 'moyenne'>;
}

const isValeur = (v: unknown): v is ValeurAnalyse =>
  typeof v === 'string' && (VALEURS_ANALYSE as readonly string[]).includes(v);

/**
 * Every entry of the dossier gets VALIDE, INVALIDE or INJUSTIFIE, and only those entries: a value
 * missing or unknown, an entry of another dossier, an entry given twice with two values, an entry
 * left out → 400 'Veuillez analyser tous les critères !' naming each faulty item.
 */
function checkValues(
  entries: DossierCritereRow[],
  liste: NonNullable<AnalysisInput['listeDossierCritere']>,
): Map<number, ValeurAnalyse> {
  const own = new Set(entries.map((e) => e.idDossierCritere));
  const values = new Map<number, ValeurAnalyse>();
  const errors: FieldError[] = [];
  liste.forEach((item, i) => {
    if (!own.has(item.idDossierCritere)) {
      errors.push({
        champ: `listeDossierCritere.${i}.idDossierCritere`,
        message: messages.analyseCritereEtranger,
      });
    } else if (!isValeur(item.valeurAnalyse)) {
      errors.push({
        champ: `listeDossierCritere.${i}.valeurAnalyse`,
        message: messages.analyserTousCriteres,
      });
    } else if (
      values.has(item.idDossierCritere) &&
      values.get(item.idDossierCritere) !== item.valeurAnalyse
    ) {
      errors.push({
        champ: `listeDossierCritere.${i}.valeurAnalyse`,
        message: messages.analyserTousCriteres,
      });
    } else {
      values.set(item.idDossierCritere, item.valeurAnalyse);
    }
  });
  if (!errors.length && values.size < own.size)
    errors.push({ champ: 'listeDossierCritere', message: messages.analyserTousCriteres });
  if (errors.length) throw new AppError('VALIDATION', 'analyserTousCriteres', errors);
  return values;
}

/**
 * `PATCH campus/analyse-dossier` (docs/deliberation.md). In one transaction: the dossier's direction is
 * checked (a regional manager only in its own, 403), its session locked `FOR SHARE` and required
 * OUVERT in ANALYSE (409), the dossier row locked `FOR UPDATE` (two analysts of one dossier take
 * turns; the last one's values stand), every entry's value checked (400), the score computed from
 * the current coefficients and notes (src/domain/score.ts), and the dossier moved to ANALYSE with
 * who analysed it and when, and an audit row ANALYSER. Answers the dossier read back.
 */
export async function analyseDossier(
  db: Db,
  actor: Actor | null,
  input: AnalysisInput,
): Promise<AnalysisAnswer> {
  return withTransaction(db, async (tx) => {
    const head = await dossierHead(tx, input.idDossier);
    if (!head) throw notFound();
    assertCanReach(actor, 'dossier.analyse', { idDirection: head.idDirection });
    // The session first, then the dossier: the order every workflow write takes.
    await lockOpenSession(tx, { idSessionCenou: head.idSessionCenou }, 'analysis');
    const dossier = await readDossier(tx, input.idDossier, true);
    if (!dossier || dossier.idSessionCenou !== head.idSessionCenou) throw notFound();
    const entries = await dossierCriteres(tx, input.idDossier);
    const values = checkValues(entries, input.listeDossierCritere ?? []);
    if (!dossierMoveAllowed(dossier.statutDossier, 'ANALYSE', 'analyse'))
      throw new AppError('SESSION_FERMEE', 'analyseStatutInterdit');

    // One time for the dossier's analysis date and its history's event (docs/sessions-and-dossiers.md#the-dossiers-history).
    const at = new Date();
    const score = computeScore(
      await liveTypes(tx),
      entries.map((e) => ({ ...e, valeurAnalyse: values.get(e.idDossierCritere)! })),
    );
    await storeAnalysis(
      tx,
      input.idDossier,
      [...values].map(([id, v]) => ({ id, v })),
      score.moyenne,
      actor?.id ?? null,
      at,
    );
    const counts = { valides: 0, invalides: 0, injustifies: 0 };
    for (const v of values.values()) {
      if (v === 'VALIDE') counts.valides += 1;
      else if (v === 'INVALIDE') counts.invalides += 1;
      else counts.injustifies += 1;
    }
    await recordEvent(tx, {
      idDossier: input.idDossier,
      idSessionCenou: head.idSessionCenou,
      evenement: 'ANALYSE',
      actor,
      date: at,
      detail: { ...counts, moyenne: score.moyenne },
    });
    await recordAudit(tx, actor, {
      action: 'ANALYSER',
      resource: 'dossier',
      resourceId: input.idDossier,
      detail: {
        libelle: messages.auditAnalyse
          .replace('{reference}', dossier.referenceDossier)
          .replace('{ine}', dossier.ine)
          .replace('{moyenne}', scoreText(score.moyenne)),
        moyenne: score.moyenne,
        valeurs: Object.fromEntries(values),
        // Each entry named for the journal (its id alone tells a reader nothing): 'Type : critère'.
        libelles: Object.fromEntries(
          entries.map((e) => [
            e.idDossierCritere,
            // Once when the type and its criterion share their name (« Pupille de la Nation »).
            e.libelleTypeCritere === e.libelleCritere
              ? e.libelleCritere
              : `${e.libelleTypeCritere}\u00a0: ${e.libelleCritere}`,
          ]),
        ),
      },
    });
    const after = (await readDossier(tx, input.idDossier))!;
    const { moyenne: _moyenne, ...detail } = score;
    return {
      ...after,
      listeDossierCritere: (await dossierCriteres(tx, input.idDossier)).map(({ note: _note, ...e }) => e),
      detailMoyenne: detail,
    };
  });
}
