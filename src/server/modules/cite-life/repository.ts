/**
 * Life in the cité (docs/life-in-the-cite.md): the one writer of `agent_cite`, `remise_cle`,
 * `etat_des_lieux`, `etat_des_lieux_element`, `etat_des_lieux_photo` and `degradation`, typed from the schema
 * (docs/decisions/043-typed-queries.md). The inventory elements are a settings resource (the
 * generic resources write them).
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { EtatResident, ResidentRow } from '../../../domain/schemas/cite-life';
import { scopeCondition } from '../../access/access';
import type { Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { isoUtc } from '../../db/clock';
import { listColumns, literal, type ListColumn, type ListSource } from '../../lists/pipeline';
import { alias } from 'drizzle-orm/pg-core';
import { buildingOfRoom, placeJoins, withPlace } from '../assignment/place/repository';
import {
  affectation,
  agentCite,
  categorieChambre,
  chambre,
  cite,
  degradation,
  elementInventaire,
  etatDesLieux,
  etatDesLieuxElement,
  etatDesLieuxPhoto,
  lit,
  registreEtudiant,
  remiseCle,
  sessionCenou,
  users,
} from '../../db/schema';

/**
 * The assignment belongs to a session not closed: this year's residents, not last year's, whose
 * assignments stay live in their closed session (the certificate's year is over).
 */
const ofYearInProgress = () =>
  sql`${affectation.idSessionCenou} IN (SELECT ${sessionCenou.idSessionCenou} FROM ${sessionCenou}
      WHERE ${sessionCenou.statutSession} <> 'FERME')`;

export type TypeEtatDesLieux = (typeof etatDesLieux.$inferSelect)['type'];
export type EtatElement = (typeof etatDesLieuxElement.$inferSelect)['etat'];

// ------------------------------------------------------------------ the agents' cités

/** The live cités given to an agent, in order. */
export async function citesOfAgent(db: Db, idUser: number): Promise<number[]> {
  const rows = await db
    .select({ idCite: agentCite.idCite })
    .from(agentCite)
    .innerJoin(cite, and(eq(cite.idCite, agentCite.idCite), isNull(cite.deletedAt)))
    .where(eq(agentCite.idUser, idUser))
    .orderBy(asc(agentCite.idCite));
  return rows.map((r) => r.idCite);
}

/** Replaces the agent's cités by these. */
export async function setAgentCites(tx: Db, idUser: number, cites: readonly number[]): Promise<void> {
  await tx.delete(agentCite).where(eq(agentCite.idUser, idUser));
  if (cites.length) await tx.insert(agentCite).values(cites.map((idCite) => ({ idUser, idCite })));
}

/** The live agents' accounts with their cités (the settings' « Agents » screen). */
export async function listAgents(db: Db, role: (typeof users.$inferSelect)['role']) {
  const rows = await db
    .select({
      id: users.id,
      userName: users.userName,
      nom: users.nom,
      prenom: users.prenom,
      telephone: users.telephone,
      idCite: cite.idCite,
      nomCite: cite.nomCite,
    })
    .from(users)
    .leftJoin(agentCite, eq(agentCite.idUser, users.id))
    .leftJoin(cite, and(eq(cite.idCite, agentCite.idCite), isNull(cite.deletedAt)))
    .where(and(eq(users.role, role), isNull(users.deletedAt)))
    .orderBy(asc(users.userName), asc(cite.nomCite));
  const out = new Map<
    number,
    {
      id: number;
      userName: string;
      nom: string;
      prenom: string;
      telephone: string | null;
      cites: { idCite: number; nomCite: string }[];
    }
  >();
  for (const r of rows) {
    const agent = out.get(r.id) ?? {
      id: r.id,
      userName: r.userName,
      nom: r.nom,
      prenom: r.prenom,
      telephone: r.telephone,
      cites: [],
    };
    if (r.idCite !== null && r.nomCite !== null) agent.cites.push({ idCite: r.idCite, nomCite: r.nomCite });
    out.set(r.id, agent);
  }
  return [...out.values()];
}

/** A live account's role (undefined when there is none). */
export async function accountRole(db: Db, id: number) {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row?.role;
}

/** The live cités among these ids. */
export async function liveCites(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ idCite: cite.idCite })
    .from(cite)
    .where(and(inArray(cite.idCite, [...ids]), isNull(cite.deletedAt)));
  return rows.map((r) => r.idCite);
}

// ------------------------------------------------------------------ an assignment and its key

/** What the checks of an assignment need: its cité, its room's category, its student's account, its key. */
export async function assignmentFacts(db: Db, idAffectation: number, lock = false) {
  const query = db
    .select({
      idAffectation: affectation.idAffectation,
      idSessionCenou: affectation.idSessionCenou,
      idDossier: affectation.idDossier,
      idCite: affectation.idCite,
      nomCite: cite.nomCite,
      idChambre: affectation.idChambre,
      libelleChambre: chambre.libelleChambre,
      libelleBatiment: buildingOfRoom(chambre.idCouloir),
      idCategorieChambre: chambre.idCategorieChambre,
      idLit: affectation.idLit,
      libelleLit: lit.libelleLit,
      idUser: registreEtudiant.idUser,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
      ine: registreEtudiant.ine,
      annulee: sql<boolean>`${affectation.deletedAt} IS NOT NULL`,
      dateDepart: affectation.dateDepart,
      codeCle: remiseCle.codeCle,
      remiseLe: remiseCle.remiseLe,
    })
    .from(affectation)
    .$dynamic();
  const q = withPlace(query)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .leftJoin(remiseCle, eq(remiseCle.idAffectation, affectation.idAffectation))
    .where(eq(affectation.idAffectation, idAffectation));
  const [row] = lock ? await q.for('update', { of: affectation }) : await q;
  return row;
}

export async function insertRemiseCle(
  tx: Db,
  row: {
    idAffectation: number;
    idLit: number;
    codeCle: string;
    idAuteur: number;
    /** When it was handed (the demo's past days); now by default. */
    remiseLe?: Date;
  },
) {
  const [out] = await tx
    .insert(remiseCle)
    .values(row)
    .onConflictDoNothing({ target: remiseCle.idAffectation })
    .returning({ idRemiseCle: remiseCle.idRemiseCle, remiseLe: remiseCle.remiseLe });
  return out;
}

/** The keys handed for a bed, newest first: the bed's history. */
export async function keysOfBed(db: Db, idLit: number) {
  return db
    .select({
      idRemiseCle: remiseCle.idRemiseCle,
      idAffectation: remiseCle.idAffectation,
      codeCle: remiseCle.codeCle,
      remiseLe: remiseCle.remiseLe,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
    })
    .from(remiseCle)
    .innerJoin(affectation, eq(affectation.idAffectation, remiseCle.idAffectation))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .where(eq(remiseCle.idLit, idLit))
    .orderBy(sql`${remiseCle.remiseLe} DESC`);
}

// ------------------------------------------------------------------ inventories

/** The live inventory elements of a room category, in order. */
export async function elementsOfCategory(db: Db, idCategorieChambre: number) {
  return db
    .select({
      idElementInventaire: elementInventaire.idElementInventaire,
      libelleElement: elementInventaire.libelleElement,
      quantite: elementInventaire.quantite,
    })
    .from(elementInventaire)
    .where(
      and(eq(elementInventaire.idCategorieChambre, idCategorieChambre), isNull(elementInventaire.deletedAt)),
    )
    .orderBy(asc(elementInventaire.libelleElement), asc(elementInventaire.idElementInventaire));
}

export async function inventoriesOf(db: Db, idAffectation: number) {
  return db
    .select()
    .from(etatDesLieux)
    .where(eq(etatDesLieux.idAffectation, idAffectation))
    .orderBy(asc(etatDesLieux.type));
}

export async function inventoryById(db: Db, id: number, lock = false) {
  const q = db.select().from(etatDesLieux).where(eq(etatDesLieux.idEtatDesLieux, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function inventoryOfType(tx: Db, idAffectation: number, type: TypeEtatDesLieux) {
  const [row] = await tx
    .select()
    .from(etatDesLieux)
    .where(and(eq(etatDesLieux.idAffectation, idAffectation), eq(etatDesLieux.type, type)))
    .for('update');
  return row;
}

/** The elements of inventories with their labels, then their photos. */
export async function inventoryLines(db: Db, ids: readonly number[]) {
  if (!ids.length) return { lines: [], photos: [] };
  const lines = await db
    .select({
      idEtatDesLieuxElement: etatDesLieuxElement.idEtatDesLieuxElement,
      idEtatDesLieux: etatDesLieuxElement.idEtatDesLieux,
      idElementInventaire: etatDesLieuxElement.idElementInventaire,
      libelleElement: elementInventaire.libelleElement,
      quantite: elementInventaire.quantite,
      etat: etatDesLieuxElement.etat,
      commentaire: etatDesLieuxElement.commentaire,
    })
    .from(etatDesLieuxElement)
    .innerJoin(
      elementInventaire,
      eq(elementInventaire.idElementInventaire, etatDesLieuxElement.idElementInventaire),
    )
    .where(inArray(etatDesLieuxElement.idEtatDesLieux, [...ids]))
    .orderBy(asc(elementInventaire.libelleElement), asc(etatDesLieuxElement.idElementInventaire));
  const photos = lines.length
    ? await db
        .select({
          idPhoto: etatDesLieuxPhoto.idPhoto,
          idEtatDesLieuxElement: etatDesLieuxPhoto.idEtatDesLieuxElement,
        })
        .from(etatDesLieuxPhoto)
        .where(
          inArray(
            etatDesLieuxPhoto.idEtatDesLieuxElement,
            lines.map((l) => l.idEtatDesLieuxElement),
          ),
        )
        .orderBy(asc(etatDesLieuxPhoto.idPhoto))
    : [];
  return { lines, photos };
}

/** An inventory's photos, per element, oldest first: kept by a correction, or removed from the storage once replaced. */
export async function photosOfInventory(tx: Db, idEtatDesLieux: number) {
  return tx
    .select({
      idElementInventaire: etatDesLieuxElement.idElementInventaire,
      cle: etatDesLieuxPhoto.cle,
      typeMime: etatDesLieuxPhoto.typeMime,
      taille: etatDesLieuxPhoto.taille,
    })
    .from(etatDesLieuxPhoto)
    .innerJoin(
      etatDesLieuxElement,
      eq(etatDesLieuxElement.idEtatDesLieuxElement, etatDesLieuxPhoto.idEtatDesLieuxElement),
    )
    .where(eq(etatDesLieuxElement.idEtatDesLieux, idEtatDesLieux))
    .orderBy(asc(etatDesLieuxPhoto.idPhoto));
}

/** A photo with the assignment it belongs to (for the access check). */
export async function photoById(db: Db, idPhoto: number) {
  const [row] = await db
    .select({
      cle: etatDesLieuxPhoto.cle,
      typeMime: etatDesLieuxPhoto.typeMime,
      taille: etatDesLieuxPhoto.taille,
      idAffectation: etatDesLieux.idAffectation,
    })
    .from(etatDesLieuxPhoto)
    .innerJoin(
      etatDesLieuxElement,
      eq(etatDesLieuxElement.idEtatDesLieuxElement, etatDesLieuxPhoto.idEtatDesLieuxElement),
    )
    .innerJoin(etatDesLieux, eq(etatDesLieux.idEtatDesLieux, etatDesLieuxElement.idEtatDesLieux))
    .where(eq(etatDesLieuxPhoto.idPhoto, idPhoto));
  return row;
}

/**
 * Writes an inventory whole: a new one, or the given one's elements replaced (its photos' rows go
 * with them, by cascade).
 */
export async function writeInventory(
  tx: Db,
  input: {
    existing?: number;
    idAffectation: number;
    type: TypeEtatDesLieux;
    parResidant: boolean;
    idAuteur: number;
    /** When it was drawn up (the demo's arrival weeks ago); now by default. */
    le?: Date;
    elements: {
      idElementInventaire: number;
      etat: EtatElement;
      commentaire: string | null;
      photos: { cle: string; typeMime: string; taille: number }[];
    }[];
  },
): Promise<number> {
  let id = input.existing;
  if (id === undefined) {
    const [row] = await tx
      .insert(etatDesLieux)
      .values({
        idAffectation: input.idAffectation,
        type: input.type,
        parResidant: input.parResidant,
        idAuteur: input.idAuteur,
        ...(input.le ? { createdAt: input.le, updatedAt: input.le } : {}),
      })
      .returning({ id: etatDesLieux.idEtatDesLieux });
    id = row.id;
  } else {
    await tx.delete(etatDesLieuxElement).where(eq(etatDesLieuxElement.idEtatDesLieux, id));
    await tx
      .update(etatDesLieux)
      .set({ parResidant: input.parResidant, idAuteur: input.idAuteur, updatedAt: sql`now()` })
      .where(eq(etatDesLieux.idEtatDesLieux, id));
  }
  const idInventaire = id;
  const lines = await tx
    .insert(etatDesLieuxElement)
    .values(
      input.elements.map((e) => ({
        idEtatDesLieux: idInventaire,
        idElementInventaire: e.idElementInventaire,
        etat: e.etat,
        commentaire: e.commentaire,
      })),
    )
    .returning({
      id: etatDesLieuxElement.idEtatDesLieuxElement,
      idElementInventaire: etatDesLieuxElement.idElementInventaire,
    });
  const lineOf = new Map(lines.map((l) => [l.idElementInventaire, l.id]));
  const photos = input.elements.flatMap((e) =>
    e.photos.map((p) => ({ idEtatDesLieuxElement: lineOf.get(e.idElementInventaire)!, ...p })),
  );
  if (photos.length) await tx.insert(etatDesLieuxPhoto).values(photos);
  return idInventaire;
}

export async function countersign(tx: Db, id: number, idValideur: number, le?: Date) {
  const when = le ?? sql`now()`;
  const [row] = await tx
    .update(etatDesLieux)
    .set({ idValideur, valideLe: when, updatedAt: when })
    .where(and(eq(etatDesLieux.idEtatDesLieux, id), isNull(etatDesLieux.valideLe)))
    .returning({ valideLe: etatDesLieux.valideLe });
  return row;
}

// ------------------------------------------------------------------ the agent's dashboard

/**
 * Per cité, the residents of its list (`RESIDENTS_FROM`, the agent's /residents) counted by where
 * they stand: all of them, arrivals under way (`ARRIVEE`: key or entry inventory missing), entry
 * inventories to countersign, departures under way, departures recorded. One query over the list's
 * own rows, so that each figure is the count the list shows for that cité and situation.
 */
export async function dashboardFigures(db: Db, cites: readonly number[] | null) {
  const res = db
    .$with('res', {
      // Names of their own: the cités joined to it have an `id_cite` too.
      idAffectation: sql<number>`res_affectation`.as('res_affectation'),
      idCite: sql<number>`res_cite`.as('res_cite'),
      etat: sql<string>`res_etat`.as('res_etat'),
    })
    .as(
      sql`SELECT ${resA.idAffectation} AS res_affectation, ${resA.idCite} AS res_cite, res.etat AS res_etat
          FROM ${RESIDENTS_FROM}`,
    );
  const inState = (etat: EtatResident) =>
    sql<number>`count(*) FILTER (WHERE ${res.etat} = ${etat})`.mapWith(Number);
  // From the cités, not the residents: a cité just given to an agent, with no resident yet, is
  // listed with its zeros.
  const where = and(isNull(cite.deletedAt), cites === null ? undefined : inArray(cite.idCite, [...cites]));
  return db
    .with(res)
    .select({
      idCite: cite.idCite,
      nomCite: cite.nomCite,
      residents: count(res.idAffectation),
      arriveesAttendues: inState('ARRIVEE'),
      aContresigner: inState('A_CONTRESIGNER'),
      departsEnCours: inState('DEPART_EN_COURS'),
      departs: inState('PARTI'),
    })
    .from(cite)
    .leftJoin(res, eq(res.idCite, cite.idCite))
    .where(where)
    .groupBy(cite.idCite, cite.nomCite)
    .orderBy(asc(cite.nomCite));
}

/** The residents of the cités awaiting their key or a countersign, first assigned first (a page). */
export async function arrivalsDue(db: Db, cites: readonly number[] | null, limit: number) {
  const query = db
    .select({
      idAffectation: affectation.idAffectation,
      nomCite: cite.nomCite,
      libelleChambre: chambre.libelleChambre,
      libelleLit: lit.libelleLit,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
      ine: registreEtudiant.ine,
      remiseLe: remiseCle.remiseLe,
      idEtatDesLieux: etatDesLieux.idEtatDesLieux,
      valideLe: etatDesLieux.valideLe,
    })
    .from(affectation)
    .$dynamic();
  return withPlace(query)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .leftJoin(remiseCle, eq(remiseCle.idAffectation, affectation.idAffectation))
    .leftJoin(
      etatDesLieux,
      and(eq(etatDesLieux.idAffectation, affectation.idAffectation), eq(etatDesLieux.type, 'ENTREE')),
    )
    .where(
      and(
        isNull(affectation.deletedAt),
        ofYearInProgress(),
        cites === null ? undefined : inArray(affectation.idCite, [...cites]),
        sql`(${remiseCle.idRemiseCle} IS NULL OR ${etatDesLieux.valideLe} IS NULL)`,
      ),
    )
    .orderBy(asc(affectation.idAffectation))
    .limit(limit);
}

/** The student's live assignments (its own arrival page). */
export async function assignmentsOfStudent(db: Db, idUser: number) {
  return db
    .select({ idAffectation: affectation.idAffectation })
    .from(affectation)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .where(and(eq(registreEtudiant.idUser, idUser), isNull(affectation.deletedAt)))
    .orderBy(sql`${affectation.idAffectation} DESC`);
}

// ------------------------------------------------------------------ departures and damage

/** The damage charged on an assignment, first charged first, with its element's label. */
export async function degradationsOf(db: Db, idAffectation: number) {
  return db
    .select({
      idDegradation: degradation.idDegradation,
      idElementInventaire: degradation.idElementInventaire,
      libelleElement: elementInventaire.libelleElement,
      montant: degradation.montant,
      motif: degradation.motif,
      reference: degradation.reference,
      idEntree: degradation.idEntree,
      idSortie: degradation.idSortie,
      createdAt: degradation.createdAt,
    })
    .from(degradation)
    .innerJoin(elementInventaire, eq(elementInventaire.idElementInventaire, degradation.idElementInventaire))
    .where(eq(degradation.idAffectation, idAffectation))
    .orderBy(asc(degradation.idDegradation));
}

/** One damage charge of an assignment. */
export async function degradationById(db: Db, idAffectation: number, idDegradation: number) {
  const found = await degradationsOf(db, idAffectation);
  return found.find((d) => d.idDegradation === idDegradation);
}

/** A damage charge recorded with its journal transaction → its id, or undefined when the element was charged already. */
export async function insertDegradation(
  tx: Db,
  row: {
    idAffectation: number;
    idElementInventaire: number;
    idEntree: number;
    idSortie: number;
    montant: number;
    motif: string;
    reference: string;
    idTransaction: number;
    idAuteur: number;
  },
) {
  const [made] = await tx
    .insert(degradation)
    .values(row)
    .onConflictDoNothing({ target: [degradation.idAffectation, degradation.idElementInventaire] })
    .returning({ idDegradation: degradation.idDegradation, createdAt: degradation.createdAt });
  return made;
}

/** The student's assignments with a departure inventory or a departure, newest first (its departure page). */
export async function departuresOfStudent(db: Db, idUser: number) {
  return db
    .select({ idAffectation: affectation.idAffectation, dateDepart: affectation.dateDepart })
    .from(affectation)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
    .leftJoin(
      etatDesLieux,
      and(eq(etatDesLieux.idAffectation, affectation.idAffectation), eq(etatDesLieux.type, 'SORTIE')),
    )
    .where(
      and(
        eq(registreEtudiant.idUser, idUser),
        or(
          isNotNull(affectation.dateDepart),
          and(isNull(affectation.deletedAt), isNotNull(etatDesLieux.idEtatDesLieux)),
        ),
      ),
    )
    .orderBy(desc(affectation.idAffectation));
}

// ------------------------------------------------------------------ the agent's list of residents

/**
 * The tables of the residents' sub-select, under the aliases its text gives them. A column it reads
 * as stored keeps its schema name in the sub-select's row, which the list reads through the same
 * table aliased `res` (`resA.idCite` is `"res"."id_cite"`): a column renamed in the schema fails `tsc`
 * here, inside the sub-select and outside it. Its own columns (`etudiant`, `etat`, `rang_etat`,
 * `depart_possible`) are named by this file alone.
 */
const a = alias(affectation, 'a');
const c = alias(cite, 'c');
const ch = alias(chambre, 'ch');
const l = alias(lit, 'l');
const r = alias(registreEtudiant, 'r');
const rc = alias(remiseCle, 'rc');
const e = alias(etatDesLieux, 'e');
const s = alias(etatDesLieux, 's');
const resA = alias(affectation, 'res');
const resC = alias(cite, 'res');
const resCh = alias(chambre, 'res');
const resL = alias(lit, 'res');
const resR = alias(registreEtudiant, 'res');
const resRc = alias(remiseCle, 'res');

/**
 * This year's residents of the cités (sessions not closed): the live assignments and those ended
 * by a departure (a cancellation without one is no resident), each with where it stands. Its row's
 * cité, room, bed and student are inner joins: never missing.
 */
const RESIDENTS_FROM = sql`(SELECT ${a.idAffectation}, ${a.idCite}, ${a.idLit}, ${c.nomCite}, ${ch.libelleChambre}, ${l.libelleLit},
    trim(${r.nomEtudiant} || ' ' || ${r.prenomEtudiant}) AS etudiant, ${r.ine},
    CASE WHEN ${a.dateDepart} IS NOT NULL THEN 'PARTI'
         WHEN ${s.idEtatDesLieux} IS NOT NULL THEN 'DEPART_EN_COURS'
         WHEN ${rc.idRemiseCle} IS NULL OR ${e.idEtatDesLieux} IS NULL THEN 'ARRIVEE'
         WHEN ${e.valideLe} IS NULL THEN 'A_CONTRESIGNER'
         ELSE 'INSTALLE' END AS etat,
    CASE WHEN ${a.dateDepart} IS NOT NULL THEN 4
         WHEN ${s.idEtatDesLieux} IS NOT NULL THEN 3
         WHEN ${rc.idRemiseCle} IS NULL OR ${e.idEtatDesLieux} IS NULL THEN 0
         WHEN ${e.valideLe} IS NULL THEN 1
         ELSE 2 END AS rang_etat,
    ${rc.remiseLe}, ${a.dateDepart},
    (${a.deletedAt} IS NULL AND ${rc.idRemiseCle} IS NOT NULL AND ${e.idEtatDesLieux} IS NOT NULL) AS depart_possible
  FROM ${affectation} a
  ${placeJoins('JOIN', { a, c, ch, l })}
  JOIN ${registreEtudiant} r ON ${r.idEtudiant} = ${a.idEtudiant}
  LEFT JOIN ${remiseCle} rc ON ${rc.idAffectation} = ${a.idAffectation}
  LEFT JOIN ${etatDesLieux} e ON ${e.idAffectation} = ${a.idAffectation} AND ${e.type} = ${literal(e.type, 'ENTREE')}
  LEFT JOIN ${etatDesLieux} s ON ${s.idAffectation} = ${a.idAffectation} AND ${s.type} = ${literal(s.type, 'SORTIE')}
  WHERE (${a.deletedAt} IS NULL OR ${a.dateDepart} IS NOT NULL)
    AND ${a.idSessionCenou} IN (SELECT ${sessionCenou.idSessionCenou} FROM ${sessionCenou} WHERE ${sessionCenou.statutSession} <> ${literal(sessionCenou.statutSession, 'FERME')})
  ) res`;

const bl = alias(lit, 'l');
const bch = alias(chambre, 'ch');
const bcc = alias(categorieChambre, 'cc');

/**
 * Per cité, its beds and those occupied today (docs/life-in-the-cite.md#the-lists-and-the-figures-per-cité):
 * `lits` the live beds of its live rooms (the statistics' `lits`), `occupes` the beds of those held by
 * a resident of the residents' list still there (every row but `PARTI`: a live assignment of a
 * session not closed, from the day it was made, key handed or not; a departure or a cancellation
 * frees it). One definition, read by the repairs per cité (its columns `id_cite`, `lits`, `occupes`).
 */
export const BEDS_PER_CITE = sql`(SELECT ${bcc.idCite} AS id_cite, count(*)::int AS lits,
    (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ${RESIDENTS_FROM} WHERE ${resL.idLit} = ${bl.idLit} AND res.etat <> 'PARTI')))::int AS occupes
  FROM ${lit} l
  JOIN ${chambre} ch ON ${bch.idChambre} = ${bl.idChambre}
  JOIN ${categorieChambre} cc ON ${bcc.idCategorieChambre} = ${bch.idCategorieChambre}
  WHERE ${bl.deletedAt} IS NULL AND ${bch.deletedAt} IS NULL
  GROUP BY ${bcc.idCite})`;

const { col, computed } = listColumns(resA);

const RESIDENT_COLUMNS: Record<keyof ResidentRow, ListColumn> = {
  idAffectation: col(resA.idAffectation),
  idCite: col(resA.idCite),
  nomCite: col(resC.nomCite),
  libelleChambre: col(resCh.libelleChambre),
  libelleLit: col(resL.libelleLit),
  etudiant: computed(sql`res.etudiant`, 'text'),
  ine: col(resR.ine),
  // Sorted by what it asks of the agent: arrivals under way first, the gone last.
  etat: computed(sql`res.etat`, 'enum', { sortSql: sql`res.rang_etat`, search: false }),
  remiseLe: computed(isoUtc(sql`${resRc.remiseLe}`), 'timestamp', {
    sortSql: sql`${resRc.remiseLe}`,
    filter: 'none',
    search: false,
  }),
  dateDepart: computed(sql`to_char(${resA.dateDepart}, 'YYYY-MM-DD')`, 'date', {
    sortSql: sql`${resA.dateDepart}`,
    filter: 'none',
    search: false,
  }),
  departPossible: computed(sql`res.depart_possible`, 'boolean', { notNull: true }),
};

/** The residents as a list of the shared pipeline: paged, by name (docs/life-in-the-cite.md#the-residents). */
export const residentSource: ListSource<ResidentRow> = {
  name: 'residents',
  from: RESIDENTS_FROM,
  columns: RESIDENT_COLUMNS,
  defaultSort: 'etudiant,asc',
  key: sql`${resA.idAffectation}`,
  alwaysPaged: true,
};

/** The residents the actor may see (its cités already read when it is an agent). */
export function residentConditions(actor: Actor | null | undefined): SQL[] {
  return [scopeCondition(actor, 'cite.agent', { cite: sql`${resA.idCite}` })];
}
