/**
 * SQL of the room choice (docs/room-choice.md, docs/decisions/046-room-choice.md): the one module
 * that writes its tables (campaigns, slots, groups and members, holds and their beds). Built with
 * Drizzle's builders over the schema (docs/decisions/043-typed-queries.md); the follow-up list, a
 * source of the shared list pipeline, is SQL whose tables and columns are the schema's
 * (docs/decisions/120-list-columns-from-the-schema.md).
 *
 * "Held" always means: a `reservation_lit` row of an ACTIVE hold whose `expire_a` is still to come.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  max,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { chooserState } from '../../../domain/room-choice';
import { builtOnce, type Db } from '../../db/client';
import { isoUtc } from '../../db/clock';
import type { RowOf } from '../../db/rows';
import {
  admissibleCharge,
  affectation,
  batiment,
  campagneChoix,
  campagneCreneau,
  categorieChambre,
  chambre,
  cite,
  couloir,
  critere,
  dossier,
  dossierCritere,
  groupeChoix,
  groupeMembre,
  lit,
  niveau,
  registreEtudiant,
  reservation,
  reservationLit,
  users,
  ville,
} from '../../db/schema';
import { fenced, type Claimed, type QueueTable } from '../../jobs/repository';
import { listColumns, literal, type ListSource } from '../../lists/pipeline';

export type MemberStatus = typeof groupeMembre.$inferSelect.statut;
export type HoldState = typeof reservation.$inferSelect.etat;
/** A student's sex as the registry holds it (a room's occupants and holders are read so). */
type Sex = typeof registreEtudiant.$inferSelect.sexeEtudiant;

// ---------------------------------------------------------------- campaigns

const campaignColumns = {
  idCampagne: campagneChoix.idCampagne,
  idSessionCenou: campagneChoix.idSessionCenou,
  idDirection: campagneChoix.idDirection,
  debut: campagneChoix.debut,
  fin: campagneChoix.fin,
  dureeCreneauMinutes: campagneChoix.dureeCreneauMinutes,
  etudiantsParCreneau: campagneChoix.etudiantsParCreneau,
  dureeReservationMinutes: campagneChoix.dureeReservationMinutes,
};
export type Campaign = RowOf<typeof campaignColumns>;

export async function insertCampaign(
  tx: Db,
  values: Omit<Campaign, 'idCampagne'> & { idAuteur: number | null },
): Promise<Campaign> {
  const [made] = await tx.insert(campagneChoix).values(values).returning(campaignColumns);
  return made;
}

export async function updateCampaign(
  tx: Db,
  idCampagne: number,
  values: Pick<
    Campaign,
    'debut' | 'fin' | 'dureeCreneauMinutes' | 'etudiantsParCreneau' | 'dureeReservationMinutes'
  >,
): Promise<Campaign> {
  const [made] = await tx
    .update(campagneChoix)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(campagneChoix.idCampagne, idCampagne))
    .returning(campaignColumns);
  return made;
}

/** A campaign deleted with its slots, groups and holds (foreign keys ON DELETE CASCADE). */
export async function deleteCampaign(tx: Db, idCampagne: number): Promise<void> {
  await tx.delete(campagneChoix).where(eq(campagneChoix.idCampagne, idCampagne));
}

/** A campaign by id, its row locked `FOR UPDATE` when asked (a change, a delete). */
export async function campaignById(db: Db, idCampagne: number, lock = false): Promise<Campaign | undefined> {
  const q = db.select(campaignColumns).from(campagneChoix).where(eq(campagneChoix.idCampagne, idCampagne));
  const [found] = lock ? await q.for('update') : await q;
  return found;
}

export async function campaignOf(db: Db, idSessionCenou: number, idDirection: number, lock = false) {
  const q = db
    .select(campaignColumns)
    .from(campagneChoix)
    .where(and(eq(campagneChoix.idSessionCenou, idSessionCenou), eq(campagneChoix.idDirection, idDirection)));
  const [found] = lock ? await q.for('update') : await q;
  return found;
}

/**
 * The sessions whose room choice runs now (a campaign started and not ended), of one direction or
 * of all (`idDirection` null): what a session's phase says while students choose their rooms.
 */
export async function runningCampaigns(db: Db, idDirection: number | null) {
  const now = sql`now()`;
  return db
    .select({ idSessionCenou: campagneChoix.idSessionCenou, idDirection: campagneChoix.idDirection })
    .from(campagneChoix)
    .where(
      and(
        lte(campagneChoix.debut, now),
        gt(campagneChoix.fin, now),
        idDirection === null ? undefined : eq(campagneChoix.idDirection, idDirection),
      ),
    )
    .orderBy(asc(campagneChoix.idSessionCenou), asc(campagneChoix.idDirection));
}

/** Admitted by the deliberation, its offer accepted. */
const acceptedOffer = () => and(eq(dossier.statutDossier, 'ADMIS'), eq(dossier.reponse, 'ACCEPTE'));

/**
 * The dossier's student is on its session's uploaded list of admissible students (no offer step:
 * its place is accepted), while its admission did not end (DESISTE): the rule of staff's assignment
 * (`ACCEPTED_PLACE`, modules/assignment/repository.ts).
 */
const onUploadedList = () =>
  and(
    ne(dossier.statutDossier, 'DESISTE'),
    sql`EXISTS (SELECT 1 FROM ${admissibleCharge} ac JOIN ${registreEtudiant} rc ON upper(rc.ine) = ac.ine
      WHERE rc.id_etudiant = ${dossier.idEtudiant} AND ac.id_session_cenou = ${dossier.idSessionCenou})`,
  );

/** A place accepted (an offer accepted, or the uploaded list) and no live assignment in the session. */
const choosesInSession = () =>
  and(
    isNull(dossier.deletedAt),
    or(acceptedOffer(), onUploadedList()),
    sql`NOT EXISTS (SELECT 1 FROM ${affectation} x WHERE x.id_etudiant = ${dossier.idEtudiant}
      AND x.id_session_cenou = ${dossier.idSessionCenou} AND x.deleted_at IS NULL)`,
  );

/**
 * The choosers of a session (docs/room-choice.md#the-campaign): dossier ADMIS with its offer
 * ACCEPTE, or on the session's uploaded list of admissible students; no live assignment in the
 * session; with their list and rank (the uploaded list's: by score, then line) and a VALIDE
 * disability criterion.
 */
export function choosers(tx: Db, idSessionCenou: number, idDirection: number, idDossier?: number) {
  return tx
    .select({
      idDossier: dossier.idDossier,
      idEtudiant: dossier.idEtudiant,
      ine: registreEtudiant.ine,
      liste: dossier.listeDeliberation,
      rang: dossier.rang,
      admisDeliberation: sql<boolean>`(${dossier.statutDossier} = 'ADMIS' AND ${dossier.reponse} = 'ACCEPTE')`,
      rangCharge: sql<number | null>`(SELECT z.k FROM (SELECT ac.ine,
          row_number() OVER (ORDER BY ac.moyenne DESC NULLS LAST, ac.ligne, ac.id_admissible_charge)::int AS k
          FROM ${admissibleCharge} ac WHERE ac.id_session_cenou = ${dossier.idSessionCenou}) z
        WHERE z.ine = upper(${registreEtudiant.ine}))`,
      handicap: sql<boolean>`EXISTS (SELECT 1 FROM ${dossierCritere} dc JOIN ${critere} k ON k.id_critere = dc.id_critere
        WHERE dc.id_dossier = ${dossier.idDossier} AND dc.valeur_analyse = 'VALIDE' AND k.handicap)`,
    })
    .from(dossier)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, dossier.idEtudiant))
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        eq(dossier.idDirection, idDirection),
        idDossier === undefined ? undefined : eq(dossier.idDossier, idDossier),
        choosesInSession(),
      ),
    );
}

/**
 * Those of these students who still choose in the session (the same rule as `choosers`: a place
 * accepted, no live assignment): a slot outlives a bed given by staff, a withdrawal or
 * a confirmation, so a hold asks again.
 */
export async function stillChoosers(
  tx: Db,
  idSessionCenou: number,
  idEtudiants: readonly number[],
): Promise<number[]> {
  if (!idEtudiants.length) return [];
  const found = await tx
    .select({ idEtudiant: dossier.idEtudiant })
    .from(dossier)
    .where(
      and(
        eq(dossier.idSessionCenou, idSessionCenou),
        inArray(dossier.idEtudiant, [...idEtudiants]),
        choosesInSession(),
      ),
    );
  return found.map((f) => f.idEtudiant);
}

export type SlotRow = typeof campagneCreneau.$inferInsert;

export async function replaceSlots(tx: Db, idCampagne: number, slots: readonly SlotRow[]): Promise<void> {
  await tx.delete(campagneCreneau).where(eq(campagneCreneau.idCampagne, idCampagne));
  for (let i = 0; i < slots.length; i += 1000)
    await tx.insert(campagneCreneau).values(slots.slice(i, i + 1000));
}

/** The next order and the number of slots a campaign has (a late chooser goes after the last). */
export async function lastSlot(tx: Db, idCampagne: number) {
  const [found] = await tx
    .select({ ordre: max(campagneCreneau.ordre) })
    .from(campagneCreneau)
    .where(eq(campagneCreneau.idCampagne, idCampagne));
  return found?.ordre ?? null;
}

/** Whether the student has a slot in the campaign. */
export async function hasSlot(tx: Db, idCampagne: number, idEtudiant: number): Promise<boolean> {
  const found = await tx
    .select({ one: sql`1` })
    .from(campagneCreneau)
    .where(and(eq(campagneCreneau.idCampagne, idCampagne), eq(campagneCreneau.idEtudiant, idEtudiant)));
  return found.length > 0;
}

export async function insertSlot(tx: Db, slot: SlotRow): Promise<void> {
  await tx.insert(campagneCreneau).values(slot);
}

/** The slots of a campaign in order. */
export function slotsOf(db: Db, idCampagne: number) {
  return db
    .select({ ine: campagneCreneau.ine, debutCreneau: campagneCreneau.debutCreneau })
    .from(campagneCreneau)
    .where(eq(campagneCreneau.idCampagne, idCampagne))
    .orderBy(asc(campagneCreneau.ordre));
}

/** A chooser as the calls read it: its slot, sex and account. */
const chooserColumns = {
  idCampagne: campagneCreneau.idCampagne,
  idEtudiant: campagneCreneau.idEtudiant,
  idDossier: campagneCreneau.idDossier,
  ine: campagneCreneau.ine,
  debutCreneau: campagneCreneau.debutCreneau,
  sexe: registreEtudiant.sexeEtudiant,
  nom: registreEtudiant.nomEtudiant,
  prenom: registreEtudiant.prenomEtudiant,
  idUser: registreEtudiant.idUser,
  email: sql<string | null>`coalesce(${users.email}, ${registreEtudiant.emailEtudiant})`,
};

/** Every chooser of a campaign with its account (the notifications at creation). */
export function choosersOfCampaign(db: Db, idCampagne: number) {
  return db
    .select(chooserColumns)
    .from(campagneCreneau)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, campagneCreneau.idEtudiant))
    .leftJoin(users, eq(users.id, registreEtudiant.idUser))
    .where(eq(campagneCreneau.idCampagne, idCampagne))
    .orderBy(asc(campagneCreneau.ordre));
}

function slotOfUserQuery(db: Db, idUser: number | Placeholder) {
  return db
    .select({ ...chooserColumns, campaign: campaignColumns })
    .from(campagneCreneau)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, campagneCreneau.idEtudiant))
    .innerJoin(campagneChoix, eq(campagneChoix.idCampagne, campagneCreneau.idCampagne))
    .leftJoin(users, eq(users.id, registreEtudiant.idUser))
    .where(eq(registreEtudiant.idUser, idUser))
    .orderBy(desc(campagneChoix.debut))
    .limit(1);
}

/** The read without a lock, built once and prepared by name: every call of a student reads it first. */
const slotOfUserRead = builtOnce((db) =>
  slotOfUserQuery(db, sql.placeholder('idUser')).prepare('creneau_de_l_utilisateur'),
);

/**
 * The signed-in student's slot in the newest campaign that gives it one, its row locked
 * `FOR UPDATE` when asked: the student's own writes (a hold alone) are serialised on it.
 */
export async function slotOfUser(db: Db, idUser: number, lock = false) {
  const [found] = lock
    ? await slotOfUserQuery(db, idUser).for('update', { of: campagneCreneau })
    : await slotOfUserRead(db).execute({ idUser });
  return found;
}

/** The choosers of a campaign among these INEs (upper-cased). */
export function choosersByIne(db: Db, idCampagne: number, ines: readonly string[]) {
  return db
    .select(chooserColumns)
    .from(campagneCreneau)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, campagneCreneau.idEtudiant))
    .leftJoin(users, eq(users.id, registreEtudiant.idUser))
    .where(
      and(eq(campagneCreneau.idCampagne, idCampagne), inArray(sql`upper(${campagneCreneau.ine})`, [...ines])),
    );
}

// ---------------------------------------------------------------- groups

export async function insertGroup(
  tx: Db,
  g: Pick<typeof groupeChoix.$inferInsert, 'idCampagne' | 'idCreateur' | 'sexe'>,
  members: readonly { idEtudiant: number; statut: MemberStatus }[],
): Promise<number> {
  const [made] = await tx.insert(groupeChoix).values(g).returning({ idGroupe: groupeChoix.idGroupe });
  await tx
    .insert(groupeMembre)
    .values(members.map((m) => ({ idGroupe: made.idGroupe, idCampagne: g.idCampagne, ...m })));
  return made.idGroupe;
}

/** A group's row locked `FOR UPDATE`: every write of the group and of its hold is serialised on it. */
export async function lockGroup(tx: Db, idGroupe: number) {
  const [found] = await tx
    .select({ idGroupe: groupeChoix.idGroupe, idCampagne: groupeChoix.idCampagne, sexe: groupeChoix.sexe })
    .from(groupeChoix)
    .where(eq(groupeChoix.idGroupe, idGroupe))
    .for('update');
  return found;
}

/** The members of a group with their slot and account, the inviter first. */
export function groupMembers(db: Db, idGroupe: number) {
  return db
    .select({
      idEtudiant: groupeMembre.idEtudiant,
      statut: groupeMembre.statut,
      ine: registreEtudiant.ine,
      nomEtudiant: registreEtudiant.nomEtudiant,
      prenomEtudiant: registreEtudiant.prenomEtudiant,
      idUser: registreEtudiant.idUser,
      debutCreneau: campagneCreneau.debutCreneau,
    })
    .from(groupeMembre)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, groupeMembre.idEtudiant))
    .leftJoin(
      campagneCreneau,
      and(
        eq(campagneCreneau.idCampagne, groupeMembre.idCampagne),
        eq(campagneCreneau.idEtudiant, groupeMembre.idEtudiant),
      ),
    )
    .where(eq(groupeMembre.idGroupe, idGroupe))
    .orderBy(asc(groupeMembre.updatedAt), asc(registreEtudiant.ine));
}

const groupOfStudentRead = builtOnce((db) =>
  db
    .select({ idGroupe: groupeMembre.idGroupe, statut: groupeMembre.statut })
    .from(groupeMembre)
    .where(
      and(
        eq(groupeMembre.idCampagne, sql.placeholder('idCampagne')),
        eq(groupeMembre.idEtudiant, sql.placeholder('idEtudiant')),
        inArray(groupeMembre.statut, ['INVITE', 'ACCEPTE']),
      ),
    )
    .prepare('groupe_de_l_etudiant'),
);

/** The group a student is in (invited or accepted) in a campaign, if any (a statement prepared by name). */
export async function groupOfStudent(db: Db, idCampagne: number, idEtudiant: number) {
  const [found] = await groupOfStudentRead(db).execute({ idCampagne, idEtudiant });
  return found;
}

/** Which of these students are in a group (invited or accepted) of the campaign. */
export async function studentsInGroups(db: Db, idCampagne: number, idEtudiants: readonly number[]) {
  const found = await db
    .select({ idEtudiant: groupeMembre.idEtudiant })
    .from(groupeMembre)
    .where(
      and(
        eq(groupeMembre.idCampagne, idCampagne),
        inArray(groupeMembre.idEtudiant, [...idEtudiants]),
        inArray(groupeMembre.statut, ['INVITE', 'ACCEPTE']),
      ),
    );
  return found.map((f) => f.idEtudiant);
}

export async function setMemberStatus(tx: Db, idGroupe: number, idEtudiant: number, statut: MemberStatus) {
  await tx
    .update(groupeMembre)
    .set({ statut, updatedAt: sql`now()` })
    .where(and(eq(groupeMembre.idGroupe, idGroupe), eq(groupeMembre.idEtudiant, idEtudiant)));
}

export async function deleteMember(tx: Db, idGroupe: number, idEtudiant: number) {
  await tx
    .delete(groupeMembre)
    .where(and(eq(groupeMembre.idGroupe, idGroupe), eq(groupeMembre.idEtudiant, idEtudiant)));
}

// ---------------------------------------------------------------- rooms and beds

/** A room with what a hold checks (its building's sex, its cité's direction) and where it is. */
export async function roomPlace(db: Db, idChambre: number) {
  const [found] = await db
    .select({
      idChambre: chambre.idChambre,
      libelleChambre: chambre.libelleChambre,
      libelleBatiment: batiment.libelleBatiment,
      nomCite: cite.nomCite,
      sexeBatiment: batiment.sexe,
      idCite: cite.idCite,
      idDirection: ville.idDirection,
    })
    .from(chambre)
    .innerJoin(couloir, and(eq(couloir.idCouloir, chambre.idCouloir), isNull(couloir.deletedAt)))
    .innerJoin(niveau, and(eq(niveau.idNiveau, couloir.idNiveau), isNull(niveau.deletedAt)))
    .innerJoin(batiment, and(eq(batiment.idBatiment, niveau.idBatiment), isNull(batiment.deletedAt)))
    .innerJoin(cite, and(eq(cite.idCite, batiment.idCite), isNull(cite.deletedAt)))
    .innerJoin(ville, eq(ville.idVille, cite.idVille))
    .where(and(eq(chambre.idChambre, idChambre), isNull(chambre.deletedAt)));
  return found;
}

/** The room's live beds, in the order of their codes. */
export function roomBeds(db: Db, idChambre: number) {
  return db
    .select({ idLit: lit.idLit, libelleLit: lit.libelleLit })
    .from(lit)
    .where(and(eq(lit.idChambre, idChambre), isNull(lit.deletedAt)))
    .orderBy(asc(lit.codeLit), asc(lit.idLit));
}

/** Those of the beds assigned in the session or held. */
export async function takenBeds(
  db: Db,
  idLits: readonly number[],
  idSessionCenou: number,
): Promise<number[]> {
  if (!idLits.length) return [];
  const found = await db
    .select({ idLit: lit.idLit })
    .from(lit)
    .where(
      and(
        inArray(lit.idLit, [...idLits]),
        sql`(EXISTS (SELECT 1 FROM ${affectation} a WHERE a.id_lit = ${lit.idLit}
               AND a.id_session_cenou = ${idSessionCenou} AND a.deleted_at IS NULL)
             OR EXISTS (SELECT 1 FROM ${reservationLit} rl JOIN ${reservation} rv ON rv.id_reservation = rl.id_reservation
               WHERE rl.id_lit = ${lit.idLit} AND rv.etat = 'ACTIVE' AND rv.expire_a > now()))`,
      ),
    );
  return found.map((f) => f.idLit);
}

/** The sex of a room's occupants and holders in the session, null when nobody. */
const roomSexSql = (idChambre: SQL | number, idSessionCenou: number) => sql<Sex | null>`(SELECT min(s) FROM (
    SELECT r.sexe_etudiant AS s FROM ${affectation} a JOIN ${registreEtudiant} r ON r.id_etudiant = a.id_etudiant
      WHERE a.id_chambre = ${idChambre} AND a.id_session_cenou = ${idSessionCenou} AND a.deleted_at IS NULL
    UNION ALL
    SELECT r.sexe_etudiant FROM ${reservationLit} rl JOIN ${reservation} rv ON rv.id_reservation = rl.id_reservation
      JOIN ${lit} l2 ON l2.id_lit = rl.id_lit JOIN ${registreEtudiant} r ON r.id_etudiant = rl.id_etudiant
      WHERE l2.id_chambre = ${idChambre} AND rv.etat = 'ACTIVE' AND rv.expire_a > now()) x)`;

export async function roomSex(db: Db, idChambre: number, idSessionCenou: number): Promise<Sex | null> {
  const [found] = await db.select({ sexe: roomSexSql(idChambre, idSessionCenou) }).from(sql`(SELECT 1) one`);
  return found?.sexe ?? null;
}

/**
 * The rooms of a cité with their free beds (neither assigned in the session nor held) and the sex
 * of their occupants and holders, in one grouped pass: each bed of the cité joined once to its live
 * assignment of the session and to its running hold, counted per room. Built once and prepared by
 * name: a slot of students polling the list reads it once a second per instance and per kind of
 * holder, and its text of twelve tables is then built by Drizzle and parsed by PostgreSQL once per
 * connection, not at every read (docs/decisions/136-room-choice-lighter-page-and-read.md).
 */
const roomsOfCiteStatement = builtOnce((db) => {
  const assigned = alias(registreEtudiant, 'assigned');
  const holder = alias(registreEtudiant, 'holder');
  // A bed is taken by a live assignment of the session or by a hold still running (a row of an
  // ended or expired hold joins no ACTIVE unexpired reservation).
  const free = sql<number>`(count(*) FILTER (WHERE ${affectation.idAffectation} IS NULL
    AND ${reservation.idReservation} IS NULL))::int`;
  return db
    .select({
      idChambre: chambre.idChambre,
      libelleChambre: chambre.libelleChambre,
      idCite: cite.idCite,
      nomCite: cite.nomCite,
      libelleBatiment: batiment.libelleBatiment,
      niveau: niveau.libelleNiveau,
      categorie: categorieChambre.libelleCategorieChambre,
      montantChambre: categorieChambre.montantChambre,
      sexeBatiment: batiment.sexe,
      sexeOccupants: sql<Sex | null>`min(coalesce(${assigned.sexeEtudiant},
        CASE WHEN ${reservation.idReservation} IS NOT NULL THEN ${holder.sexeEtudiant} END))`,
      litsLibres: free,
    })
    .from(chambre)
    .innerJoin(couloir, and(eq(couloir.idCouloir, chambre.idCouloir), isNull(couloir.deletedAt)))
    .innerJoin(niveau, and(eq(niveau.idNiveau, couloir.idNiveau), isNull(niveau.deletedAt)))
    .innerJoin(batiment, and(eq(batiment.idBatiment, niveau.idBatiment), isNull(batiment.deletedAt)))
    .innerJoin(cite, and(eq(cite.idCite, batiment.idCite), isNull(cite.deletedAt)))
    .innerJoin(categorieChambre, eq(categorieChambre.idCategorieChambre, chambre.idCategorieChambre))
    .innerJoin(lit, and(eq(lit.idChambre, chambre.idChambre), isNull(lit.deletedAt)))
    .leftJoin(
      affectation,
      and(
        eq(affectation.idLit, lit.idLit),
        eq(affectation.idSessionCenou, sql.placeholder('idSessionCenou')),
        isNull(affectation.deletedAt),
      ),
    )
    .leftJoin(assigned, eq(assigned.idEtudiant, affectation.idEtudiant))
    .leftJoin(reservationLit, eq(reservationLit.idLit, lit.idLit))
    .leftJoin(
      reservation,
      and(
        eq(reservation.idReservation, reservationLit.idReservation),
        eq(reservation.etat, 'ACTIVE'),
        gt(reservation.expireA, sql`now()`),
      ),
    )
    .leftJoin(holder, eq(holder.idEtudiant, reservationLit.idEtudiant))
    .where(and(eq(cite.idCite, sql.placeholder('idCite')), isNull(chambre.deletedAt)))
    .groupBy(
      chambre.idChambre,
      cite.idCite,
      batiment.idBatiment,
      niveau.idNiveau,
      categorieChambre.idCategorieChambre,
    )
    .orderBy(
      asc(batiment.codeBatiment),
      // Levels in the order they were set up (from the ground floor up), not by their label
      // (« 1er étage » would come before « Rez-de-chaussée »).
      asc(niveau.idNiveau),
      asc(chambre.codeChambre),
      asc(chambre.idChambre),
    )
    .prepare('chambres_libres_cite');
});

export function roomsOfCite(db: Db, idCite: number, idSessionCenou: number) {
  return roomsOfCiteStatement(db).execute({ idCite, idSessionCenou });
}

/** The free rooms' statement as sent (its text, `$1`… for `idCite` and `idSessionCenou`): the bench explains it. */
export function roomsOfCiteText(db: Db): { sql: string; params: unknown[] } {
  return roomsOfCiteStatement(db).getQuery();
}

/** The cités of a direction, by name: where its students choose (the student's screen lists them). */
export function citesOfDirection(db: Db, idDirection: number) {
  return db
    .select({ idCite: cite.idCite, nomCite: cite.nomCite })
    .from(cite)
    .innerJoin(ville, eq(ville.idVille, cite.idVille))
    .where(and(eq(ville.idDirection, idDirection), isNull(cite.deletedAt)))
    .orderBy(asc(cite.nomCite), asc(cite.idCite));
}

/** Whether the student has a live bed in the session (after its confirmation, or staff's assignment). */
export async function hasBedInSession(db: Db, idEtudiant: number, idSessionCenou: number): Promise<boolean> {
  const [found] = await db
    .select({ idAffectation: affectation.idAffectation })
    .from(affectation)
    .where(
      and(
        eq(affectation.idEtudiant, idEtudiant),
        eq(affectation.idSessionCenou, idSessionCenou),
        isNull(affectation.deletedAt),
      ),
    )
    .limit(1);
  return found !== undefined;
}

const citeOfDirectionRead = builtOnce((db) =>
  db
    .select({ idCite: cite.idCite, idDirection: ville.idDirection })
    .from(cite)
    .innerJoin(ville, eq(ville.idVille, cite.idVille))
    .where(and(eq(cite.idCite, sql.placeholder('idCite')), isNull(cite.deletedAt)))
    .prepare('cite_direction'),
);

/** A live cité with its direction (a statement prepared by name: the rooms' read checks it). */
export async function citeOfDirection(db: Db, idCite: number) {
  const [found] = await citeOfDirectionRead(db).execute({ idCite });
  return found;
}

// ---------------------------------------------------------------- holds

const holdColumns = {
  idReservation: reservation.idReservation,
  idCampagne: reservation.idCampagne,
  idGroupe: reservation.idGroupe,
  idEtudiant: reservation.idEtudiant,
  idChambre: reservation.idChambre,
  expireA: reservation.expireA,
  prolongations: reservation.prolongations,
  etat: reservation.etat,
};
export type Hold = RowOf<typeof holdColumns>;

/** The ACTIVE hold (expired or not) of a group, or of a student alone. */
export async function activeHoldOf(
  db: Db,
  holder: { idGroupe: number } | { idCampagne: number; idEtudiant: number },
): Promise<Hold | undefined> {
  const who =
    'idGroupe' in holder
      ? eq(reservation.idGroupe, holder.idGroupe)
      : and(
          eq(reservation.idCampagne, holder.idCampagne),
          eq(reservation.idEtudiant, holder.idEtudiant),
          isNull(reservation.idGroupe),
        );
  const [found] = await db
    .select(holdColumns)
    .from(reservation)
    .where(and(who, eq(reservation.etat, 'ACTIVE')));
  return found;
}

/**
 * The ACTIVE holds (expired or not) that hold a bed for one of these students: a member's own hold
 * made alone before it joined a group, or an expired hold of a group it left.
 */
export async function holdsOfStudents(
  db: Db,
  idCampagne: number,
  idEtudiants: readonly number[],
): Promise<Hold[]> {
  if (!idEtudiants.length) return [];
  return db
    .selectDistinct(holdColumns)
    .from(reservation)
    .innerJoin(reservationLit, eq(reservationLit.idReservation, reservation.idReservation))
    .where(
      and(
        eq(reservation.idCampagne, idCampagne),
        eq(reservation.etat, 'ACTIVE'),
        inArray(reservationLit.idEtudiant, [...idEtudiants]),
      ),
    );
}

export async function holdById(db: Db, idReservation: number, lock = false): Promise<Hold | undefined> {
  const q = db.select(holdColumns).from(reservation).where(eq(reservation.idReservation, idReservation));
  const [found] = lock ? await q.for('update') : await q;
  return found;
}

/** The student who formed a group: every screen names the group after it (`groupName`). */
export async function groupCreator(db: Db, idGroupe: number) {
  const [found] = await db
    .select({ nom: registreEtudiant.nomEtudiant, prenom: registreEtudiant.prenomEtudiant })
    .from(groupeChoix)
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, groupeChoix.idCreateur))
    .where(eq(groupeChoix.idGroupe, idGroupe));
  return found;
}

/** The beds of a hold with the member each is for. */
export function holdBeds(db: Db, idReservation: number) {
  return db
    .select({ idLit: reservationLit.idLit, libelleLit: lit.libelleLit, ine: registreEtudiant.ine })
    .from(reservationLit)
    .innerJoin(lit, eq(lit.idLit, reservationLit.idLit))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, reservationLit.idEtudiant))
    .where(eq(reservationLit.idReservation, idReservation))
    .orderBy(asc(lit.codeLit), asc(lit.idLit));
}

/**
 * Frees the beds of the expired holds that hold any of these beds, in the transaction that takes
 * them: the holds are marked EXPIREE and their beds' rows deleted (docs/room-choice.md: an expired
 * hold frees its beds at once).
 */
export async function releaseExpiredHolds(tx: Db, idLits: readonly number[]): Promise<void> {
  if (!idLits.length) return;
  const expired = await tx
    .update(reservation)
    .set({ etat: 'EXPIREE', updatedAt: sql`now()` })
    .where(
      and(
        eq(reservation.etat, 'ACTIVE'),
        lte(reservation.expireA, sql`now()`),
        inArray(
          reservation.idReservation,
          tx
            .select({ id: reservationLit.idReservation })
            .from(reservationLit)
            .where(inArray(reservationLit.idLit, [...idLits])),
        ),
      ),
    )
    .returning({ id: reservation.idReservation });
  if (expired.length)
    await tx.delete(reservationLit).where(
      inArray(
        reservationLit.idReservation,
        expired.map((e) => e.id),
      ),
    );
}

export async function insertHold(
  tx: Db,
  h: { idCampagne: number; idGroupe: number | null; idEtudiant: number; idChambre: number; expireA: Date },
  beds: readonly { idLit: number; idEtudiant: number }[],
): Promise<Hold> {
  const [made] = await tx.insert(reservation).values(h).returning(holdColumns);
  await tx.insert(reservationLit).values(beds.map((b) => ({ idReservation: made.idReservation, ...b })));
  return made;
}

/** A hold ended (confirmed, cancelled, expired): its state, its beds freed. */
export async function endHold(
  tx: Db,
  idReservation: number,
  etat: HoldState,
  idAuteur: number | null = null,
) {
  await tx.delete(reservationLit).where(eq(reservationLit.idReservation, idReservation));
  await tx
    .update(reservation)
    .set({ etat, idAuteurAnnulation: idAuteur, updatedAt: sql`now()` })
    .where(eq(reservation.idReservation, idReservation));
}

export async function extendHold(tx: Db, idReservation: number, expireA: Date): Promise<Hold> {
  const [made] = await tx
    .update(reservation)
    .set({ expireA, prolongations: sql`${reservation.prolongations} + 1`, updatedAt: sql`now()` })
    .where(eq(reservation.idReservation, idReservation))
    .returning(holdColumns);
  return made;
}

// ---------------------------------------------------------------- staff's follow-up

// The follow-up's tables under the aliases its FROM and sub-selects give them
// (docs/decisions/120-list-columns-from-the-schema.md): a column renamed in the schema fails `tsc` here.
const cc = alias(campagneCreneau, 'cc');
const cp = alias(campagneChoix, 'cp');
const r = alias(registreEtudiant, 'r');
const d = alias(dossier, 'd');
const gm = alias(groupeMembre, 'gm');
const gm2 = alias(groupeMembre, 'gm2');
const cc2 = alias(campagneCreneau, 'cc2');
const gc = alias(groupeChoix, 'gc');
const gr = alias(registreEtudiant, 'gr');
const rl = alias(reservationLit, 'rl');
const rv = alias(reservation, 'rv');
const a = alias(affectation, 'a');
const dc = alias(dossierCritere, 'dc');
const k = alias(critere, 'k');
const ch = alias(chambre, 'ch');
const co = alias(couloir, 'co');
const n = alias(niveau, 'n');
const b = alias(batiment, 'b');
const c = alias(cite, 'c');

/**
 * A chooser's state for staff (`chooserState`, src/domain/room-choice.ts) in SQL, on the
 * database's clock, so that the table, its filter and its counts read one and the same state.
 */
/** The chooser's running hold, its bed row `rl` and hold `rv` (what « held » means above). */
const heldFrom = sql`${reservationLit} rl JOIN ${reservation} rv ON ${rv.idReservation} = ${rl.idReservation}`;
const heldWhere = sql`${rl.idEtudiant} = ${cc.idEtudiant} AND ${rv.idCampagne} = ${cc.idCampagne}
    AND ${rv.etat} = ${literal(rv.etat, 'ACTIVE')} AND ${rv.expireA} > now()`;
const heldSql = sql`(SELECT ${rv.idReservation} FROM ${heldFrom} WHERE ${heldWhere} LIMIT 1)`;
/** The end of that hold, as the API writes a time. */
const heldEndSql = sql`(SELECT ${isoUtc(rv.expireA)} FROM ${heldFrom} WHERE ${heldWhere} LIMIT 1)`;
const housedSql = sql`EXISTS (SELECT 1 FROM ${affectation} a WHERE ${a.idEtudiant} = ${cc.idEtudiant}
  AND ${a.idSessionCenou} = ${cp.idSessionCenou} AND ${a.deletedAt} IS NULL)`;
/** A state of the follow-up: the domain's (`chooserState`), each written below as its literal. */
type FollowState = ReturnType<typeof chooserState>;
const state = (s: FollowState) => sql.raw(`'${s}'`);
const stateSql = sql<FollowState>`CASE WHEN ${housedSql} THEN ${state('CHOISI')}
  WHEN ${heldSql} IS NOT NULL THEN ${state('EN_RESERVATION')}
  WHEN now() >= ${cp.fin} THEN ${state('SANS_CHOIX')}
  WHEN now() < ${cc.debutCreneau} THEN ${state('PAS_ENCORE_OUVERT')}
  ELSE ${state('EN_ATTENTE')} END`;

/** Each chooser of a campaign, its slot, why it comes there, its group, hold and state. */
export interface FollowSourceRow {
  ine: string;
  nomEtudiant: string;
  prenomEtudiant: string;
  sexeEtudiant: Sex;
  ordre: number;
  numero: number;
  debutCreneau: string;
  handicap: boolean;
  listeDeliberation: string | null;
  rang: number | null;
  idGroupe: number | null;
  statutGroupe: 'INVITE' | 'ACCEPTE' | null;
  nomCreateurGroupe: string | null;
  prenomCreateurGroupe: string | null;
  creneauGroupe: string | null;
  idReservation: number | null;
  etat: FollowState;
  lieu: string | null;
  finReservation: string | null;
}

/** A room's place as staff read it: « cité, building, room » (`ch` and its building `b`, cité `c`). */
const placeText = sql`${c.nomCite} || ', ' || ${b.libelleBatiment} || ', ' || ${ch.libelleChambre}`;
const roomUp = sql`JOIN ${couloir} co ON ${co.idCouloir} = ${ch.idCouloir} JOIN ${niveau} n ON ${n.idNiveau} = ${co.idNiveau}
  JOIN ${batiment} b ON ${b.idBatiment} = ${n.idBatiment} JOIN ${cite} c ON ${c.idCite} = ${b.idCite}`;
/** The bed of the session the student has (chosen, or given by staff): its cité, building and room. */
const placeSql = sql`(SELECT ${placeText}
  FROM ${affectation} a JOIN ${chambre} ch ON ${ch.idChambre} = ${a.idChambre} ${roomUp}
  WHERE ${a.idEtudiant} = ${cc.idEtudiant} AND ${a.idSessionCenou} = ${cp.idSessionCenou} AND ${a.deletedAt} IS NULL
  ORDER BY ${a.idAffectation} DESC LIMIT 1)`;
/** The room of the chooser's running hold (no bed yet): its cité, building and room. */
const heldPlaceSql = sql`(SELECT ${placeText}
  FROM ${heldFrom} JOIN ${chambre} ch ON ${ch.idChambre} = ${rv.idChambre} ${roomUp}
  WHERE ${heldWhere} LIMIT 1)`;

const followFrom = sql`${campagneCreneau} cc
    JOIN ${campagneChoix} cp ON ${cp.idCampagne} = ${cc.idCampagne}
    JOIN ${registreEtudiant} r ON ${r.idEtudiant} = ${cc.idEtudiant}
    JOIN ${dossier} d ON ${d.idDossier} = ${cc.idDossier}
    LEFT JOIN ${groupeMembre} gm ON ${gm.idCampagne} = ${cc.idCampagne} AND ${gm.idEtudiant} = ${cc.idEtudiant}
      AND ${gm.statut} IN (${literal(gm.statut, 'INVITE')}, ${literal(gm.statut, 'ACCEPTE')})
    LEFT JOIN ${groupeChoix} gc ON ${gc.idGroupe} = ${gm.idGroupe}
    LEFT JOIN ${registreEtudiant} gr ON ${gr.idEtudiant} = ${gc.idCreateur}`;

/**
 * The slot a member's group chooses at: the latest of its accepted members' (`groupSlot`,
 * src/domain/room-choice.ts); null for a student alone or only invited.
 */
const groupSlotSql = sql`(CASE WHEN ${gm.statut} = ${literal(gm.statut, 'ACCEPTE')} THEN (SELECT ${isoUtc(sql`max(${cc2.debutCreneau})`)}
  FROM ${groupeMembre} gm2 JOIN ${campagneCreneau} cc2 ON ${cc2.idCampagne} = ${gm2.idCampagne} AND ${cc2.idEtudiant} = ${gm2.idEtudiant}
  WHERE ${gm2.idGroupe} = ${gm.idGroupe} AND ${gm2.statut} = ${literal(gm2.statut, 'ACCEPTE')}) END)`;

const { col, computed } = listColumns(cc);

export const followSource: ListSource<FollowSourceRow> = {
  name: 'choix-chambre-suivi',
  from: followFrom,
  columns: {
    ine: col(cc.ine),
    nomEtudiant: col(r.nomEtudiant),
    prenomEtudiant: col(r.prenomEtudiant),
    sexeEtudiant: col(r.sexeEtudiant),
    ordre: col(cc.ordre),
    numero: col(cc.numero),
    debutCreneau: computed(isoUtc(cc.debutCreneau), 'timestamp', {
      sortSql: sql`${cc.debutCreneau}`,
      filter: 'none',
      search: false,
    }),
    handicap: computed(
      sql`EXISTS (SELECT 1 FROM ${dossierCritere} dc JOIN ${critere} k ON ${k.idCritere} = ${dc.idCritere}
        WHERE ${dc.idDossier} = ${cc.idDossier} AND ${dc.valeurAnalyse} = ${literal(dc.valeurAnalyse, 'VALIDE')} AND ${k.handicap})`,
      'boolean',
      { filter: 'none', search: false },
    ),
    listeDeliberation: col(d.listeDeliberation),
    rang: col(d.rang),
    // The group it is in or invited into (a partial unique index: one at most), named after the
    // student who formed it, as the journal names it (groupName, src/domain/room-choice-names.ts).
    // Sorted as it reads: by the name of the student who formed it.
    idGroupe: col(gm.idGroupe, { sortSql: sql`(${gr.nomEtudiant} || ' ' || ${gr.prenomEtudiant})` }),
    statutGroupe: col(gm.statut, { filter: 'none', search: false }),
    nomCreateurGroupe: col(gr.nomEtudiant),
    prenomCreateurGroupe: col(gr.prenomEtudiant),
    creneauGroupe: computed(groupSlotSql, 'timestamp', { filter: 'none', search: false, sortable: false }),
    idReservation: computed(heldSql, 'id', { filter: 'none', search: false }),
    etat: computed(stateSql, 'enum', { search: false }),
    lieu: computed(sql`COALESCE(${placeSql}, ${heldPlaceSql})`, 'text', { filter: 'none', search: false }),
    finReservation: computed(heldEndSql, 'timestamp', { filter: 'none', search: false }),
  },
  defaultSort: 'ordre,asc',
  key: sql`${cc.idEtudiant}`,
  alwaysPaged: true,
};

export const followConditions = (idCampagne: number): SQL[] => [sql`${cc.idCampagne} = ${idCampagne}`];

/** How many choosers of a campaign are in each state (the same expression as the table's). */
export async function followCounts(db: Db, idCampagne: number) {
  return (
    db
      // The state nested as a fragment: a select without joins would write its own columns unqualified.
      .select({ etat: sql<FollowState>`${stateSql}`, nombre: sql<number>`count(*)::int` })
      .from(sql`${campagneCreneau} cc JOIN ${campagneChoix} cp ON ${cp.idCampagne} = ${cc.idCampagne}`)
      .where(sql`${cc.idCampagne} = ${idCampagne}`)
      .groupBy(sql`1`)
  );
}

// ---------------------------------------------------------------- the reminder when a slot opens

/**
 * The slots as jobs of the one queue (docs/decisions/044-one-job-queue.md): a reminder is due at
 * its slot's start and done once `rappel_envoye_a` is set.
 */
export const REMINDER_QUEUE: QueueTable<typeof campagneCreneau> = {
  table: campagneCreneau,
  columns: {
    id: 'idCreneau',
    attempts: 'rappelEssais',
    tries: 'rappelEchecs',
    nextAt: 'rappelA',
    lastError: 'rappelErreur',
  },
  pending: isNull(campagneCreneau.rappelEnvoyeA),
};

/**
 * Marks a claimed reminder sent, fenced by its claim (not claimed again since, not sent yet), and
 * reads whom to tell: undefined when another claim did it. Run in the transaction that queues its
 * SMS and mail, so the reminder is sent once, whatever the instances.
 */
export async function takeReminder(tx: Db, job: Claimed) {
  const [slot] = await tx
    .update(campagneCreneau)
    .set({ rappelEnvoyeA: sql`now()` })
    .where(fenced(REMINDER_QUEUE, job))
    .returning({ idCampagne: campagneCreneau.idCampagne, idEtudiant: campagneCreneau.idEtudiant });
  if (!slot) return undefined;
  const [who] = await tx
    .select({
      ...chooserColumns,
      fin: campagneChoix.fin,
      idSessionCenou: campagneChoix.idSessionCenou,
      ouverte: sql<boolean>`now() < ${campagneChoix.fin}`,
    })
    .from(campagneCreneau)
    .innerJoin(campagneChoix, eq(campagneChoix.idCampagne, campagneCreneau.idCampagne))
    .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, campagneCreneau.idEtudiant))
    .leftJoin(users, eq(users.id, registreEtudiant.idUser))
    .where(
      and(eq(campagneCreneau.idCampagne, slot.idCampagne), eq(campagneCreneau.idEtudiant, slot.idEtudiant)),
    );
  return who;
}
