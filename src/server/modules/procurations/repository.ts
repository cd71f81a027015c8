/**
 * Procurations and the deposit drafts (docs/procurations.md): the only writer of `procuration`
 * and `brouillon_dossier`, typed from the schema.
 */
import { and, count, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ETATS_PROCURATION, type EtatProcuration, type TacheProcuration } from '../../../domain/procurations';
import type { ProcurationRow } from '../../../domain/schemas/procurations';
import type { Db } from '../../db/client';
import { isoUtc } from '../../db/clock';
import {
  affectation,
  brouillonDossier,
  dossier,
  procuration,
  registreEtudiant,
  sessionCenou,
  users,
} from '../../db/schema';
import { listColumns, type ListSource } from '../../lists/pipeline';

/** A new procuration: its end `heures` from now, by the database's clock. */
export async function insertProcuration(
  tx: Db,
  p: { idUser: number; tache: TacheProcuration; codeHmac: string; heures: number },
) {
  const [row] = await tx
    .insert(procuration)
    .values({
      idUser: p.idUser,
      tache: p.tache,
      codeHmac: p.codeHmac,
      expireA: sql`now() + make_interval(hours => ${p.heures}::int)`,
    })
    .returning({ idProcuration: procuration.idProcuration, expireA: procuration.expireA });
  return row!;
}

/** The student's procurations still usable (neither used, revoked nor expired). */
export async function activeCount(db: Db, idUser: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(procuration)
    .where(
      and(
        eq(procuration.idUser, idUser),
        isNull(procuration.utiliseeA),
        isNull(procuration.revoqueeA),
        gt(procuration.expireA, sql`now()`),
      ),
    );
  return row?.n ?? 0;
}

/** One procuration, whoever's (the service checks it is the actor's). */
export async function procurationById(db: Db, idProcuration: number) {
  const [row] = await db
    .select({
      idProcuration: procuration.idProcuration,
      idUser: procuration.idUser,
      tache: procuration.tache,
      expireA: procuration.expireA,
      utiliseeA: procuration.utiliseeA,
      adresseUtilisation: procuration.adresseUtilisation,
      revoqueeA: procuration.revoqueeA,
    })
    .from(procuration)
    .where(eq(procuration.idProcuration, idProcuration));
  return row;
}

/** Revokes a procuration (its code and the session it opened stop at once); the first revocation's time stays. */
export async function revokeProcuration(tx: Db, idProcuration: number) {
  await tx
    .update(procuration)
    .set({ revoqueeA: sql`coalesce(${procuration.revoqueeA}, now())` })
    .where(eq(procuration.idProcuration, idProcuration));
}

/** The student account of a registry INE (any case), if it registered. */
export async function accountOfIne(db: Db, ine: string): Promise<number | undefined> {
  const [row] = await db
    .select({ idUser: registreEtudiant.idUser })
    .from(registreEtudiant)
    .where(and(sql`upper(${registreEtudiant.ine}) = upper(${ine})`, isNull(registreEtudiant.deletedAt)))
    .limit(1);
  return row?.idUser ?? undefined;
}

/**
 * The demo's paying students: a live bed of a session not closed (this year's), no verified phone
 * (the USSD menu's demo numbers are others'), none of `exclude` (the demo's named accounts); with
 * the INE a helper types, in the beds' order.
 */
export async function housedCandidates(db: Db, exclude: readonly string[], limit = 20) {
  return db
    .select({ idUser: users.id, userName: users.userName, ine: registreEtudiant.ine })
    .from(affectation)
    .innerJoin(dossier, eq(dossier.idDossier, affectation.idDossier))
    .innerJoin(users, eq(users.id, dossier.idUser))
    .innerJoin(
      registreEtudiant,
      and(eq(registreEtudiant.idUser, users.id), isNull(registreEtudiant.deletedAt)),
    )
    .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
    .where(
      and(
        isNull(affectation.deletedAt),
        isNull(users.deletedAt),
        isNull(users.telephone),
        sql`${sessionCenou.statutSession} <> 'FERME'`,
        exclude.length ? notInArray(users.userName, [...exclude]) : undefined,
      ),
    )
    .orderBy(affectation.idAffectation)
    .limit(limit);
}

/**
 * Marks the student's procuration of this code used by the helper at `adresse`, if it is still
 * usable: one statement, so that a code opens one session even when sent twice at once.
 */
export async function claimProcuration(tx: Db, idUser: number, codeHmac: string, adresse: string) {
  const [row] = await tx
    .update(procuration)
    .set({ utiliseeA: sql`now()`, adresseUtilisation: adresse })
    .where(
      and(
        eq(procuration.idUser, idUser),
        eq(procuration.codeHmac, codeHmac),
        isNull(procuration.utiliseeA),
        isNull(procuration.revoqueeA),
        gt(procuration.expireA, sql`now()`),
      ),
    )
    .returning({
      idProcuration: procuration.idProcuration,
      tache: procuration.tache,
      expireA: procuration.expireA,
    });
  return row;
}

/** The student's draft, if a helper (or the student) saved one. */
export async function draftOf(db: Db, idUser: number) {
  const [row] = await db
    .select({
      corps: brouillonDossier.corps,
      idProcuration: brouillonDossier.idProcuration,
      adresse: brouillonDossier.adresse,
      modifieA: brouillonDossier.modifieA,
    })
    .from(brouillonDossier)
    .where(eq(brouillonDossier.idUser, idUser));
  return row;
}

/** Saves the student's draft (one per student: the last saved wins). */
export async function saveDraft(
  tx: Db,
  d: { idUser: number; corps: Record<string, unknown>; idProcuration: number | null; adresse: string | null },
) {
  const [row] = await tx
    .insert(brouillonDossier)
    .values({ ...d, modifieA: sql`now()` })
    .onConflictDoUpdate({
      target: brouillonDossier.idUser,
      set: { corps: d.corps, idProcuration: d.idProcuration, adresse: d.adresse, modifieA: sql`now()` },
    })
    .returning({ modifieA: brouillonDossier.modifieA });
  return row!;
}

/** Removes the student's draft (its deposit's transaction). */
export async function deleteDraft(tx: Db, idUser: number): Promise<void> {
  await tx.delete(brouillonDossier).where(eq(brouillonDossier.idUser, idUser));
}

// The student's list of its procurations (the shared list pipeline), its state computed by the
// database's clock.
const p = alias(procuration, 'p');
/** A state of the list: the domain's (`EtatProcuration`), each written below as its literal. */
const etat = (e: EtatProcuration) => sql.raw(`'${e}'`);
const ETAT = sql`(CASE WHEN ${p.revoqueeA} IS NOT NULL THEN ${etat('REVOQUEE')} WHEN ${p.utiliseeA} IS NOT NULL THEN ${etat('UTILISEE')}
  WHEN ${p.expireA} <= now() THEN ${etat('EXPIREE')} ELSE ${etat('ACTIVE')} END)`;
const textOrNull = (v: unknown): string | null => (v == null ? null : String(v));
// Declared from the schema (docs/decisions/120-list-columns-from-the-schema.md); none is searched
// but the address.
const { col, computed } = listColumns(p);
const noSearch = { search: false } as const;

export const procurationSource: ListSource<ProcurationRow> = {
  name: 'procuration',
  from: sql`${procuration} ${sql.identifier('p')}`,
  columns: {
    idProcuration: col(p.idProcuration, noSearch),
    tache: col(p.tache, noSearch),
    etat: computed(ETAT, 'enum', noSearch),
    creeeA: computed(isoUtc(p.creeeA), 'timestamp', {
      ...noSearch,
      sortSql: sql`${p.creeeA}`,
      filter: 'none',
    }),
    expireA: computed(isoUtc(p.expireA), 'timestamp', {
      ...noSearch,
      sortSql: sql`${p.expireA}`,
      filter: 'none',
    }),
    utiliseeA: computed(isoUtc(p.utiliseeA), 'timestamp', {
      ...noSearch,
      sortSql: sql`${p.utiliseeA}`,
      filter: 'none',
    }),
    adresseUtilisation: col(p.adresseUtilisation, { search: true }),
    revoqueeA: computed(isoUtc(p.revoqueeA), 'timestamp', {
      ...noSearch,
      sortSql: sql`${p.revoqueeA}`,
      filter: 'none',
    }),
  },
  defaultSort: 'idProcuration,desc',
  key: sql`${p.idProcuration}`,
  map: (row) => ({
    idProcuration: Number(row.idProcuration),
    tache: row.tache === 'PAIEMENT' ? 'PAIEMENT' : 'DEPOT',
    etat: (ETATS_PROCURATION as readonly string[]).includes(String(row.etat))
      ? (String(row.etat) as EtatProcuration)
      : 'EXPIREE',
    creeeA: String(row.creeeA),
    expireA: String(row.expireA),
    utiliseeA: textOrNull(row.utiliseeA),
    adresseUtilisation: textOrNull(row.adresseUtilisation),
    revoqueeA: textOrNull(row.revoqueeA),
  }),
};

/** The owner column of the list, for the access check's condition. */
export const PROCURATION_OWNER = sql`${p.idUser}`;
