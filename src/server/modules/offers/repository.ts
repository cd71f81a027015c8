/**
 * The offers' reads, built over the schema's tables (docs/decisions/043-typed-queries.md). Their
 * writes (an offer accepted, an admission ended, a promotion, the reminders) are the dossier
 * repository's, the one writer of the dossiers.
 */
import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { StoredEvent } from '../../../domain/history';
import type { WaitingCandidate } from '../../../domain/promotion';
import type { Db } from '../../db/client';
import {
  critere,
  deliberation,
  deliberationCandidat,
  dossier,
  dossierCritere,
  dossierEvenement,
  registreEtudiant,
  sessionCenou,
  users,
} from '../../db/schema';
import type { AdmissionList } from '../dossier/repository';

const offerColumns = {
  idDossier: dossier.idDossier,
  referenceDossier: dossier.referenceDossier,
  idSessionCenou: dossier.idSessionCenou,
  idDirection: dossier.idDirection,
  idUser: dossier.idUser,
  statutDossier: dossier.statutDossier,
  listeDeliberation: dossier.listeDeliberation,
  rang: dossier.rang,
  reponse: dossier.reponse,
  dateLimiteReponse: dossier.dateLimiteReponse,
};

/** The deadline as ISO 8601 text, as the API answers it. */
const withIsoDeadline = <T extends { dateLimiteReponse: Date | null }>(row: T | undefined) =>
  row && { ...row, dateLimiteReponse: row.dateLimiteReponse?.toISOString() ?? null };

const live = (idDossier: number) => and(eq(dossier.idDossier, idDossier), isNull(dossier.deletedAt));

/** The live dossier, unlocked (whose it is, before any lock is taken). */
export async function offerDossier(db: Db, idDossier: number) {
  const [row] = await db.select(offerColumns).from(dossier).where(live(idDossier));
  return withIsoDeadline(row);
}

/** A dossier as the offer rules read it. */
export type OfferDossier = NonNullable<Awaited<ReturnType<typeof offerDossier>>>;

/** The live dossier locked until the end of the transaction. */
export async function offerDossierForUpdate(tx: Db, idDossier: number) {
  const [row] = await tx.select(offerColumns).from(dossier).where(live(idDossier)).for('update');
  return withIsoDeadline(row);
}

/** The sessions whose offers run: OUVERT in DELIBERATION (a suspended or closed session's offers wait). */
const offersRun = and(
  eq(sessionCenou.idSessionCenou, dossier.idSessionCenou),
  eq(sessionCenou.statutSession, 'OUVERT'),
  eq(sessionCenou.etatSession, 'DELIBERATION'),
  isNull(sessionCenou.deletedAt),
);

/**
 * The session's open offers whose deadline has passed at `now`, oldest deadline first (sessions
 * OUVERT in DELIBERATION only: a suspended or closed session's offers wait for it).
 */
export function lapsedOffers(db: Db, now: Date, limit: number) {
  return db
    .select({ idDossier: dossier.idDossier, idSessionCenou: dossier.idSessionCenou })
    .from(dossier)
    .innerJoin(sessionCenou, offersRun)
    .where(
      and(eq(dossier.reponse, 'EN_ATTENTE'), isNull(dossier.deletedAt), lte(dossier.dateLimiteReponse, now)),
    )
    .orderBy(asc(dossier.dateLimiteReponse), asc(dossier.idDossier))
    .limit(limit);
}

/**
 * Claims the lapsed offer once across instances: the row is locked (SKIP LOCKED: another
 * instance at work on it is left alone) and read again only if it is still open and lapsed.
 */
export async function claimLapsedOffer(tx: Db, idDossier: number, now: Date) {
  const [row] = await tx
    .select(offerColumns)
    .from(dossier)
    .where(and(live(idDossier), eq(dossier.reponse, 'EN_ATTENTE'), lte(dossier.dateLimiteReponse, now)))
    .for('update', { skipLocked: true });
  return withIsoDeadline(row);
}

/** The entries of the dossier `dossier` that a VALIDE criterion of a list holds. */
const validOnList = (liste?: SQL) =>
  and(
    eq(dossierCritere.idDossier, dossier.idDossier),
    eq(dossierCritere.valeurAnalyse, 'VALIDE'),
    liste ?? isNotNull(critere.listeDeliberation),
  );

/**
 * The first waiting candidate (by rank) who may take a place of `liste` (a VALIDE criterion of it;
 * READMISSIONS: a RENOUVELLEMENT dossier), a woman only when `femme`, with all its lists and its sex.
 */
export async function firstWaitingFor(
  tx: Db,
  idSessionCenou: number,
  liste: AdmissionList,
  femme = false,
): Promise<WaitingCandidate | undefined> {
  const may =
    liste === 'READMISSIONS'
      ? eq(dossier.typeDossier, 'RENOUVELLEMENT')
      : exists(
          tx
            .select({ one: sql`1` })
            .from(dossierCritere)
            .innerJoin(critere, eq(critere.idCritere, dossierCritere.idCritere))
            .where(validOnList(eq(critere.listeDeliberation, liste))),
        );
  type Liste = NonNullable<typeof critere.$inferSelect.listeDeliberation>;
  const [found] = await tx
    .select({
      idDossier: dossier.idDossier,
      rang: dossier.rang,
      femme: sql<boolean>`${registreEtudiant.sexeEtudiant} = 'F'`,
      renouvellement: sql<boolean>`${dossier.typeDossier} = ${'RENOUVELLEMENT' satisfies typeof dossier.$inferSelect.typeDossier}`,
      listes: sql<Liste[]>`(SELECT COALESCE(json_agg(DISTINCT ${critere.listeDeliberation}), '[]'::json)
        FROM ${dossierCritere} JOIN ${critere} ON ${critere.idCritere} = ${dossierCritere.idCritere}
        WHERE ${validOnList()})`,
    })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        eq(dossier.statutDossier, 'LISTE_ATTENTE'),
        isNull(dossier.deletedAt),
        may,
        femme ? eq(registreEtudiant.sexeEtudiant, 'F') : undefined,
      ),
    )
    .orderBy(asc(dossier.rang), asc(dossier.idDossier))
    .limit(1);
  if (!found) return undefined;
  const { renouvellement, rang, ...w } = found;
  return {
    ...w,
    rang: rang ?? 0,
    listes: renouvellement ? ['READMISSIONS', ...w.listes] : w.listes,
  };
}

/** The women now admitted (ADMIS) on a list of the session. */
export async function womenOnList(tx: Db, idSessionCenou: number, liste: AdmissionList): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        eq(dossier.listeDeliberation, liste),
        eq(dossier.statutDossier, 'ADMIS'),
        isNull(dossier.deletedAt),
        eq(registreEtudiant.sexeEtudiant, 'F'),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The share of the session's current run: its `partFemmes` (null before the agency's rules: 0) and
 * the places each list could fill, or undefined without a run.
 */
export async function currentShare(tx: Db, idSessionCenou: number) {
  const [row] = await tx
    .select({ partFemmes: deliberation.partFemmes, placesEffectives: deliberation.placesEffectives })
    .from(deliberation)
    .where(and(eq(deliberation.idSessionCenou, idSessionCenou), eq(deliberation.courante, true)));
  return row ? { partFemmes: row.partFemmes ?? 0, placesEffectives: row.placesEffectives } : undefined;
}

/** The highest rank ever given on the list in the session (an ended admission keeps its rank). */
export async function lastRankOf(tx: Db, idSessionCenou: number, liste: AdmissionList): Promise<number> {
  const [row] = await tx
    .select({ n: max(dossier.rang) })
    .from(dossier)
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        eq(dossier.listeDeliberation, liste),
        inArray(dossier.statutDossier, ['ADMIS', 'DESISTE']),
        isNull(dossier.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Who a mail about the dossier goes to. */
export async function contactOf(tx: Db, idDossier: number) {
  const [row] = await tx
    .select({
      email: users.email,
      idUser: users.id,
      nom: registreEtudiant.nomEtudiant,
      prenom: registreEtudiant.prenomEtudiant,
      referenceDossier: dossier.referenceDossier,
    })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .innerJoin(users, eq(users.id, dossier.idUser))
    .where(eq(dossier.idDossier, idDossier));
  return row!;
}

// ---------------------------------------------------------------- history

/**
 * The dossier's history, oldest first: the events stored in `dossier_evenement`, and those of each
 * publication, read from the stored runs rather than written per dossier (docs/decisions/009-deliberation.md,
 * "Bulk writes"): for every run of the dossier's session that holds it, PUBLICATION at the run's
 * publication time by its author with the run's result for the dossier (status, list, rank), then
 * OFFRE at the same time with its deadline when the run admitted it. Index look-ups only: the
 * session's runs (`deliberation_session`), then the dossier in each (`deliberation_candidat`'s
 * primary key). At the same instant a publication's events come before the stored ones (an event
 * recorded at the publication's very millisecond came after it: the offers take the publication's
 * lock). `parEtudiant`: the author is the dossier's own student.
 */
export async function historyOf(db: Db, idDossier: number): Promise<StoredEvent[]> {
  const [stored, runs] = await Promise.all([
    db
      .select({
        evenement: dossierEvenement.evenement,
        at: dossierEvenement.dateEvenement,
        ord: dossierEvenement.idEvenement,
        idAuteur: dossierEvenement.idAuteur,
        auteur: dossierEvenement.auteur,
        motif: dossierEvenement.motif,
        commentaire: dossierEvenement.commentaire,
        canal: dossierEvenement.canal,
        detail: dossierEvenement.detail,
        idUser: dossier.idUser,
      })
      .from(dossier)
      .innerJoin(dossierEvenement, eq(dossierEvenement.idDossier, dossier.idDossier))
      .where(eq(dossier.idDossier, idDossier)),
    db
      .select({
        at: deliberation.datePublication,
        idDeliberation: deliberation.idDeliberation,
        idAuteur: deliberation.idAuteur,
        auteur: deliberation.nomAuteur,
        dateLimiteReponse: deliberation.dateLimiteReponse,
        statut: deliberationCandidat.statut,
        liste: deliberationCandidat.liste,
        rang: deliberationCandidat.rang,
        idUser: dossier.idUser,
      })
      .from(dossier)
      .innerJoin(
        deliberation,
        and(eq(deliberation.idSessionCenou, dossier.idSessionCenou), eq(deliberation.historique, true)),
      )
      .innerJoin(
        deliberationCandidat,
        and(
          eq(deliberationCandidat.idDeliberation, deliberation.idDeliberation),
          eq(deliberationCandidat.idDossier, dossier.idDossier),
        ),
      )
      .where(eq(dossier.idDossier, idDossier)),
  ]);
  type Sorted = StoredEvent & { at: number; src: number; ord: number };
  const events: Sorted[] = stored.map((e) => ({
    evenement: e.evenement,
    date: e.at.toISOString(),
    auteur: e.auteur,
    parEtudiant: e.idAuteur === e.idUser,
    motif: e.motif,
    commentaire: e.commentaire,
    canal: e.canal,
    detail: e.detail,
    at: e.at.getTime(),
    src: 1,
    ord: e.ord,
  }));
  for (const r of runs) {
    const common = {
      date: r.at.toISOString(),
      auteur: r.auteur,
      parEtudiant: r.idAuteur === r.idUser,
      motif: null,
      commentaire: null,
      canal: null,
      at: r.at.getTime(),
      src: 0,
    };
    events.push({
      ...common,
      evenement: 'PUBLICATION',
      detail: { statut: r.statut, liste: r.liste, rang: r.rang },
      ord: r.idDeliberation * 2,
    });
    if (r.statut === 'ADMIS')
      events.push({
        ...common,
        evenement: 'OFFRE',
        detail: {
          liste: r.liste,
          rang: r.rang,
          dateLimiteReponse: r.dateLimiteReponse?.toISOString() ?? null,
        },
        ord: r.idDeliberation * 2 + 1,
      });
  }
  events.sort((a, b) => a.at - b.at || a.src - b.src || a.ord - b.ord);
  return events.map(({ at: _at, src: _src, ord: _ord, ...e }) => e);
}

// ---------------------------------------------------------------- counts

interface EndedOfferCounts {
  refuses: number;
  expires: number;
  retires: number;
  promus: number;
}

/**
 * The offers of a session that ended (declined, expired, withdrawn: their dossiers are DESISTE, no
 * longer on the admissible list), and the students admitted by promotion (from the events). The
 * listed rows are counted by the admissible list's own source (`listedCounts`).
 */
export async function endedOfferCounts(
  db: Db,
  idSessionCenou: number,
  idDirection: number | undefined,
): Promise<EndedOfferCounts> {
  const inDirection = idDirection === undefined ? undefined : eq(dossier.idDirection, idDirection);
  const answered = (reponse: NonNullable<typeof dossier.$inferSelect.reponse>) =>
    sql<number>`count(*) FILTER (WHERE ${dossier.reponse} = ${reponse})::int`;
  const [[ended], [promoted]] = await Promise.all([
    db
      .select({ refuses: answered('REFUSE'), expires: answered('EXPIRE'), retires: answered('RETIRE') })
      .from(dossier)
      .where(
        and(
          eq(dossier.idSessionCenou, idSessionCenou),
          isNull(dossier.deletedAt),
          inArray(dossier.reponse, ['REFUSE', 'EXPIRE', 'RETIRE']),
          inDirection,
        ),
      ),
    db
      .select({ promus: sql<number>`count(DISTINCT ${dossierEvenement.idDossier})::int` })
      .from(dossierEvenement)
      .innerJoin(dossier, eq(dossier.idDossier, dossierEvenement.idDossier))
      .where(
        and(
          eq(dossierEvenement.idSessionCenou, idSessionCenou),
          eq(dossierEvenement.evenement, 'PROMOTION'),
          isNull(dossier.deletedAt),
          inDirection,
        ),
      ),
  ]);
  return { ...ended, promus: promoted.promus };
}
