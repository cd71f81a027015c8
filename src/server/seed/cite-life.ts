/**
 * The demo's life in the cité (docs/life-in-the-cite.md): the agents' cités, an inventory for every
 * room category, and, on this year's live assignments of the agents' cités (read at seed time,
 * never last year's closed sessions): residents who arrived (key handed, arrival inventory filled
 * and countersigned), one whose key was just handed and who has not filled it yet, and one
 * departure with a damage charged. Written through the modules' own repositories and services;
 * the journal's entries of the key, the damage and the departure by their agent, on their moment.
 * Each life reads in order after the bed (given at the load): the key, the arrival's inventory,
 * then the departure's inventory and the departure, never one before the other.
 */
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { AGENT_CITE } from '../../domain/enums';
import type { Actor } from '../access/actor';
import type { Db } from '../db/client';
import {
  affectation,
  categorieChambre,
  chambre,
  cite,
  elementInventaire,
  lit,
  registreEtudiant,
  sessionCenou,
  users,
} from '../db/schema';
import {
  countersign,
  elementsOfCategory,
  insertDegradation,
  insertRemiseCle,
  setAgentCites,
  writeInventory,
  type EtatElement,
} from '../modules/cite-life/repository';
import { recordEvents } from '../history/record';
import { endAffectation } from '../modules/assignment/repository';
import { balanceOf, chargeDamage, departureAccount, endInstalments } from '../modules/rent/service';
import { fill, messages } from '../../domain/messages';
import { recordPastAudits, type AuditActor, type AuditEntry } from '../audit/record';
import {
  arrivalEvent,
  damageEntry,
  departureEntry,
  departureEvent,
  keyEntry,
} from '../modules/cite-life/audit';
import { buildingOfRoom } from '../modules/assignment/place/repository';

/** What a room of each category holds (its inventory). */
const ELEMENTS: readonly [string, number][] = [
  ['Lit et matelas', 1],
  ['Table de travail', 1],
  ['Chaise', 1],
  ['Armoire', 1],
  ['Porte et serrure', 1],
  ['Fenêtre et moustiquaire', 1],
];

const SECOND = 1_000;

export interface CiteLifeSummary {
  elements: number;
  arrivees: number;
  /** The resident whose key was just handed, its inventory still to fill. */
  cleRecente: string | null;
  /** The resident who left, with a damage charged. */
  depart: string | null;
}

export async function loadCiteLife(
  tx: Db,
  input: { agents: { idUser: number; userName: string; cites: readonly string[] }[]; today: Date },
): Promise<CiteLifeSummary> {
  const { today } = input;
  // The agents' cités, by name.
  const named = await tx
    .select({ idCite: cite.idCite, nomCite: cite.nomCite })
    .from(cite)
    .where(isNull(cite.deletedAt));
  const idOf = new Map(named.map((c) => [c.nomCite, c.idCite]));
  for (const a of input.agents)
    await setAgentCites(
      tx,
      a.idUser,
      a.cites.map((n) => idOf.get(n)).filter((id): id is number => id !== undefined),
    );
  // An inventory for every live room category.
  const categories = await tx
    .select({ id: categorieChambre.idCategorieChambre })
    .from(categorieChambre)
    .where(isNull(categorieChambre.deletedAt));
  if (categories.length)
    await tx.insert(elementInventaire).values(
      categories.flatMap((c) =>
        ELEMENTS.map(([libelleElement, quantite]) => ({
          idCategorieChambre: c.id,
          libelleElement,
          quantite,
        })),
      ),
    );
  const summary: CiteLifeSummary = {
    elements: categories.length * ELEMENTS.length,
    arrivees: 0,
    cleRecente: null,
    depart: null,
  };
  // The journal's entries of each step, by its agent on its moment, written at the end in one statement.
  const entries: (AuditEntry & { actor: AuditActor; at: Date })[] = [];
  // This year's live assignments of each agent's cités (sessions not closed), oldest first.
  for (const agent of input.agents) {
    const cites = agent.cites.map((n) => idOf.get(n)).filter((id): id is number => id !== undefined);
    if (!cites.length) continue;
    const actor: Actor = { id: agent.idUser, role: AGENT_CITE, idDirection: null, userName: agent.userName };
    const residents = await tx
      .select({
        idAffectation: affectation.idAffectation,
        idDossier: affectation.idDossier,
        idLit: affectation.idLit,
        idCite: affectation.idCite,
        idCategorieChambre: chambre.idCategorieChambre,
        nomCite: cite.nomCite,
        libelleChambre: chambre.libelleChambre,
        libelleBatiment: buildingOfRoom(chambre.idCouloir),
        libelleLit: lit.libelleLit,
        idUser: registreEtudiant.idUser,
        userName: users.userName,
        nomEtudiant: registreEtudiant.nomEtudiant,
        prenomEtudiant: registreEtudiant.prenomEtudiant,
      })
      .from(affectation)
      .innerJoin(sessionCenou, eq(sessionCenou.idSessionCenou, affectation.idSessionCenou))
      .innerJoin(chambre, eq(chambre.idChambre, affectation.idChambre))
      .innerJoin(cite, eq(cite.idCite, affectation.idCite))
      .innerJoin(lit, eq(lit.idLit, affectation.idLit))
      .innerJoin(registreEtudiant, eq(registreEtudiant.idEtudiant, affectation.idEtudiant))
      .innerJoin(users, eq(users.id, registreEtudiant.idUser))
      .where(
        and(
          isNull(affectation.deletedAt),
          inArray(affectation.idCite, cites),
          ne(sessionCenou.statutSession, 'FERME'),
        ),
      )
      .orderBy(asc(affectation.idAffectation))
      .limit(8);
    for (const [i, r] of residents.entries()) {
      const elements = await elementsOfCategory(tx, r.idCategorieChambre);
      if (!elements.length) continue;
      const recent = i === residents.length - 1 && residents.length > 1 && summary.cleRecente === null;
      const leaving = i === 0 && summary.depart === null;
      // The key after the bed: Koudougou's beds were given at the load (src/server/seed/koudougou.ts),
      // so the key is handed now, a second apart from one resident to the next.
      const handed = new Date(Math.max(Date.now(), today.getTime()) + i * SECOND);
      await insertRemiseCle(tx, {
        idAffectation: r.idAffectation,
        idLit: r.idLit,
        codeCle: `K-${r.idLit}`,
        idAuteur: agent.idUser,
        remiseLe: handed,
      });
      entries.push({ ...keyEntry(r, `K-${r.idLit}`), actor, at: handed });
      await recordEvents(tx, actor, 'ARRIVEE', handed, [arrivalEvent(r, `K-${r.idLit}`)]);
      if (recent) {
        summary.cleRecente = r.userName;
        continue;
      }
      const state = (j: number, etat: EtatElement) =>
        elements.map((e, k) => ({
          idElementInventaire: e.idElementInventaire,
          etat: k === j ? etat : ('BON' as EtatElement),
          commentaire: k === j && etat !== 'BON' ? 'Pied de la chaise cassé' : null,
          photos: [],
        }));
      const entree = await writeInventory(tx, {
        idAffectation: r.idAffectation,
        type: 'ENTREE',
        parResidant: true,
        idAuteur: r.idUser ?? agent.idUser,
        // Drawn up and countersigned on the day the key was handed, as an arrival is.
        le: handed,
        elements: state(-1, 'BON'),
      });
      await countersign(tx, entree, agent.idUser, handed);
      summary.arrivees += 1;
      if (!leaving) continue;
      // The departure: the chair found broken, charged, then the bed freed today.
      const chaise = elements.findIndex((e) => e.libelleElement === 'Chaise');
      // After its arrival: the departure's inventory, then the departure itself.
      const leftAt = new Date(handed.getTime() + 30 * SECOND);
      const sortie = await writeInventory(tx, {
        idAffectation: r.idAffectation,
        type: 'SORTIE',
        parResidant: false,
        idAuteur: agent.idUser,
        le: leftAt,
        elements: state(chaise, 'ABIME'),
      });
      const motif = 'Pied de la chaise cassé';
      const charge = await chargeDamage(tx, actor, {
        idAffectation: r.idAffectation,
        idCite: r.idCite,
        montant: 7500,
        libelle: fill(messages.loyerJournalDegradation, { element: 'Chaise', motif }),
      });
      const made = await insertDegradation(tx, {
        idAffectation: r.idAffectation,
        idElementInventaire: elements[chaise]!.idElementInventaire,
        idEntree: entree,
        idSortie: sortie,
        montant: 7500,
        motif,
        reference: charge.reference,
        idTransaction: charge.idTransaction,
        idAuteur: agent.idUser,
      });
      entries.push({
        ...damageEntry(r, {
          idDegradation: made!.idDegradation,
          element: 'Chaise',
          montant: 7500,
          motif,
          reference: charge.reference,
        }),
        actor,
        at: leftAt,
      });
      const dateDepart = today.toISOString().slice(0, 10);
      await endAffectation(tx, r.idAffectation, dateDepart, agent.idUser);
      const annulees = await endInstalments(tx, actor, { idAffectation: r.idAffectation, dateDepart });
      await recordEvents(tx, actor, 'DEPART', leftAt, [
        departureEvent(r, dateDepart, {
          degradations: (await departureAccount(tx, r.idAffectation)).degradations,
          solde: await balanceOf(tx, r.idAffectation),
        }),
      ]);
      entries.push({ ...departureEntry(r, dateDepart, annulees), actor, at: leftAt });
      summary.depart = r.userName;
    }
  }
  await recordPastAudits(tx, entries);
  return summary;
}
