/**
 * The browser test of rent's resident (tests/e2e/rent.test.ts), written into the e2e servers'
 * template before they start: under the rule of the months lived (docs/rent.md) a bed given today
 * owes nothing due yet, and no request can give a bed on a past day. So a direction and a ville of
 * their own, a session whose first instalment was two months ago (ten a year), a cité whose rooms
 * cost 10,000 FCFA a month (and an empty one), and a student admitted and given a bed a week before that first
 * instalment (`assignedOn`) through the product's own assignment service, which issues its rent.
 * The first admin is made here as the server's first start would make it (an account in the
 * template means no start makes one). What the test expects is read from the rule (`owedRent`).
 */
import { sql } from 'drizzle-orm';
import { ADMIN } from '../../src/domain/enums';
import { addMonths } from '../../src/domain/rent';
import { villeKey } from '../../src/domain/villes';
import { ensureFirstAdmin } from '../../src/server/bootstrap';
import type { Config } from '../../src/server/config/env';
import { one, type Db } from '../../src/server/db/client';
import { findAccountByUserName, setPassword } from '../../src/server/modules/accounts/repository';
import { assign } from '../../src/server/modules/assignment/service';
import { todayUtc } from '../../src/server/modules/rent/repository';
import { hashPassword } from '../../src/server/security/passwords';
import { insertAdmitted, insertCite } from '../helpers/assignment';
import { insertSession } from '../helpers/dossiers';
import { assignedOn, weekBefore } from '../helpers/rent';

export interface RentResident {
  ine: string;
  password: string;
  nom: string;
  prenom: string;
  ville: string;
  libelleDirection: string;
  nomCite: string;
  idDirection: number;
  idSessionCenou: number;
  idCite: number;
  idBatiment: number;
  idNiveau: number;
  idCouloir: number;
  idAffectation: number;
  /** The session's schedule, and the day the bed was given. */
  schedule: { premiereEcheance: string; moisLoyer: number; montant: number };
  jour: string;
}

export async function houseRentResident(db: Db, admin: { userName: string; password: string }) {
  await ensureFirstAdmin(db, { ADMIN_USERNAME: admin.userName, ADMIN_PASSWORD: admin.password } as Config);
  const libelleDirection = 'Direction régionale loyer';
  const ville = 'Réo loyer';
  const dir = await one<{ id: number }>(
    db,
    sql`INSERT INTO direction (libelle_direction, sigle_direction) VALUES (${libelleDirection}, 'DRLOYER')
        RETURNING id_direction AS id`,
  );
  const idDirection = dir!.id;
  await db.execute(
    sql`INSERT INTO ville (id_direction, nom_ville, cle_ville) VALUES (${idDirection}, ${ville}, ${villeKey(ville)})`,
  );
  // Two months back: some instalment is owed and due whatever today's month (the cités close in
  // August and September), and several are not yet due.
  const schedule = { premiereEcheance: addMonths(todayUtc(), -2), moisLoyer: 10, montant: 10_000 };
  const idSessionCenou = await insertSession(db, idDirection, 'DELIBERATION');
  await db.execute(
    sql`UPDATE session_cenou SET premiere_echeance = ${schedule.premiereEcheance}, mois_loyer = ${schedule.moisLoyer}
        WHERE id_session_cenou = ${idSessionCenou}`,
  );
  const nomCite = 'Cité Loyer';
  const cite = await insertCite(db, {
    ville,
    nom: nomCite,
    montant: schedule.montant,
    batiments: [{ code: 'A', sexe: 'F', chambres: [{ code: 'A01', lits: 2 }] }],
  });
  // A second cité, empty: the central manager's /loyers opens on every cité of the direction (its
  // only one would be chosen at once).
  await insertCite(db, {
    ville,
    nom: 'Cité Annexe',
    montant: schedule.montant,
    batiments: [{ code: 'B', sexe: 'M', chambres: [{ code: 'B01', lits: 1 }] }],
  });
  const where = await one<{ idNiveau: number; idCouloir: number }>(
    db,
    sql`SELECT n.id_niveau AS "idNiveau", c.id_couloir AS "idCouloir"
        FROM niveau n JOIN couloir c ON c.id_niveau = n.id_niveau WHERE n.id_batiment = ${cite.batiments.A}`,
  );
  const nom = 'Sawadogo';
  const prenom = 'Aminata';
  const student = await insertAdmitted(db, { idSessionCenou, sexe: 'F', rang: 1, ville, nom, prenom });
  const password = 'Loyer-e2e-2026';
  await setPassword(db, student.idUser, await hashPassword(password));
  const jour = weekBefore(schedule.premiereEcheance);
  // The bed given by the first admin, as a manager gives one.
  const account = await findAccountByUserName(db, admin.userName);
  const actor = { id: account!.id, role: ADMIN, idDirection: null, userName: admin.userName };
  const assigned = await assignedOn(db, jour, () =>
    assign(db, actor, {
      idSessionCenou,
      idCite: cite.idCite,
      etudiants: [student.ine],
      dashboardUrl: 'http://127.0.0.1/tableau-de-bord',
    }),
  );
  const resident: RentResident = {
    ine: student.ine,
    password,
    nom,
    prenom,
    ville,
    libelleDirection,
    nomCite,
    idDirection,
    idSessionCenou,
    idCite: cite.idCite,
    idBatiment: cite.batiments.A,
    idNiveau: where!.idNiveau,
    idCouloir: where!.idCouloir,
    idAffectation: assigned.affectes[0].idAffectation,
    schedule,
    jour,
  };
  return resident;
}
