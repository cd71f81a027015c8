/**
 * Life in the cité (docs/life-in-the-cite.md): services `(db, actor, input)`. An agent reaches the
 * cités the admin gave it alone (scope `cite`: `withCites` reads them from the database on each
 * call), a resident its own assignment (scope `own`), the admin everything.
 */
import { recordEvents } from '../../history/record';
import { AGENT_CITE, ETUDIANT } from '../../../domain/enums';
import type { FieldError } from '../../../domain/errors';
import { departureRefusal, inventoryDeadline, inventoryRefusal, isWorse } from '../../../domain/cite-life';
import { citeMessages } from '../../../domain/messages-cite';
import { fill, messages } from '../../../domain/messages';
import type {
  AgentCitesBody,
  AgentDashboard,
  ComparaisonRead,
  DegradationBody,
  EtatDesLieuxBody,
  EtatDesLieuxRead,
} from '../../../domain/schemas/cite-life';
import { assertCanReach, scopeFor } from '../../access/access';
import type { Actor } from '../../access/actor';
import { recordAudit } from '../../audit/record';
import { arrivalEvent, damageEntry, departureEntry, departureEvent, keyEntry, placeOf } from './audit';
import type { Db } from '../../db/client';
import { isCommitUncertain, withTransaction } from '../../db/transaction';
import { AppError, fieldError, fieldErrors, notFound } from '../../errors';
import type { DocumentStorage } from '../../files/storage';
import { citeOfPart } from '../reference/repository';
import {
  consumePhotoUploads,
  copyPhotoUploads,
  removeKeys,
  type CopiedPhoto,
} from '../televersement/service';
import {
  accountRole,
  arrivalsDue,
  assignmentFacts,
  assignmentsOfStudent,
  citesOfAgent,
  countersign,
  dashboardFigures,
  degradationById,
  degradationsOf,
  departuresOfStudent,
  insertDegradation,
  elementsOfCategory,
  insertRemiseCle,
  inventoriesOf,
  inventoryById,
  inventoryLines,
  inventoryOfType,
  keysOfBed,
  liveCites,
  listAgents,
  photoById,
  photosOfInventory,
  setAgentCites,
  writeInventory,
  type EtatElement,
} from './repository';
import { endAffectation } from '../assignment/repository';
import { balanceOf, chargeDamage, departureAccount, endInstalments, owedOf } from '../rent/service';
import { todayUtc } from '../rent/repository';
import { lockOffersIfRunning, offerDepartedPlace } from '../offers/service';
import { fullName as personName } from '../../../domain/format';

/** The storage prefix of the inventories' photos. */
export const PHOTO_PREFIX = 'etat-des-lieux';
const DASHBOARD_ROWS = 50;

/** The actor with its cités read from the database when it is an agent (scope `cite`). */
export async function withCites(db: Db, actor: Actor | null): Promise<Actor | null> {
  if (!actor || actor.role !== AGENT_CITE) return actor;
  return { ...actor, cites: await citesOfAgent(db, actor.id) };
}

const fullName = (r: { nomEtudiant: string; prenomEtudiant: string }) =>
  personName(r.nomEtudiant, r.prenomEtudiant);
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

// ------------------------------------------------------------------ the agents' cités (admin)

export async function agents(db: Db, actor: Actor | null) {
  scopeFor(actor, 'users.manage');
  return listAgents(db, 'ROLE_HEBERGEMENT_AGENT_CITE');
}

/** Gives an agent its cités (at least one), replacing those it had. */
export async function giveCites(db: Db, actor: Actor | null, input: AgentCitesBody & { idUser: number }) {
  scopeFor(actor, 'users.manage');
  const ids = [...new Set(input.citesAgent)].sort((a, b) => a - b);
  return withTransaction(db, async (tx) => {
    const role = await accountRole(tx, input.idUser);
    if (!role) throw notFound();
    if (role !== AGENT_CITE) throw fieldError('citesAgent', 'citesAgentSansObjet');
    const live = await liveCites(tx, ids);
    if (live.length !== ids.length) throw fieldError('citesAgent', 'referenceInexistante');
    await setAgentCites(tx, input.idUser, ids);
    await recordAudit(tx, actor, {
      action: 'MODIFIER',
      resource: 'agent-cite',
      resourceId: input.idUser,
      detail: { cites: ids },
    });
    return { message: messages.operationReussie };
  });
}

// ------------------------------------------------------------------ the key

/** An assignment the actor may reach under `permission`: 404 unknown, 403 another cité, 404 another student. */
async function reachable(
  db: Db,
  actor: Actor | null,
  permission: 'cite.agent' | 'cite.inventory',
  idAffectation: number,
  lock = false,
) {
  const scoped = await withCites(db, actor);
  scopeFor(scoped, permission);
  const facts = await assignmentFacts(db, idAffectation, lock);
  if (!facts) throw notFound();
  assertCanReach(scoped, permission, { idCite: facts.idCite, idUser: facts.idUser });
  return { facts, actor: scoped! };
}

/** `POST campus/affectation/{id}/arrivee`: an agent hands the key; the resident's 72 hours start. */
export async function handKey(db: Db, actor: Actor | null, input: { id: number; codeCle: string }) {
  return withTransaction(db, async (tx) => {
    const { facts } = await reachable(tx, actor, 'cite.agent', input.id, true);
    if (facts.annulee) throw new AppError('CONFLIT', 'affectationTerminee');
    const row = await insertRemiseCle(tx, {
      idAffectation: facts.idAffectation,
      idLit: facts.idLit,
      codeCle: input.codeCle,
      idAuteur: actor!.id,
    });
    if (!row) throw new AppError('CONFLIT', 'cleDejaRemise');
    await recordAudit(tx, actor, keyEntry(facts, input.codeCle));
    // The student's history: the arrival, on the key's moment.
    await recordEvents(tx, actor, 'ARRIVEE', row.remiseLe, [arrivalEvent(facts, input.codeCle)]);
    return {
      idRemiseCle: row.idRemiseCle,
      codeCle: input.codeCle,
      remiseLe: iso(row.remiseLe)!,
      limiteEtatDesLieux: iso(inventoryDeadline(row.remiseLe))!,
      message: messages.cleRemise,
    };
  });
}

/** `GET campus/lit/{id}/cles`: the keys handed for a bed, newest first (the bed's history). */
export async function bedKeys(db: Db, actor: Actor | null, idLit: number) {
  const scoped = await withCites(db, actor);
  scopeFor(scoped, 'cite.agent');
  const idCite = await citeOfPart(db, 'lit', idLit);
  if (idCite === undefined) throw notFound();
  assertCanReach(scoped, 'cite.agent', { idCite });
  return (await keysOfBed(db, idLit)).map((k) => ({
    idRemiseCle: k.idRemiseCle,
    idAffectation: k.idAffectation,
    codeCle: k.codeCle,
    remiseLe: iso(k.remiseLe)!,
    etudiant: fullName(k),
  }));
}

// ------------------------------------------------------------------ inventories

/** `GET campus/etat-des-lieux?idAffectation`. */
export async function readInventories(
  db: Db,
  actor: Actor | null,
  input: { idAffectation: number; now?: Date },
): Promise<EtatDesLieuxRead> {
  const { facts, actor: scoped } = await reachable(db, actor, 'cite.inventory', input.idAffectation);
  const now = input.now ?? new Date();
  const [elements, inventories] = await Promise.all([
    elementsOfCategory(db, facts.idCategorieChambre),
    inventoriesOf(db, facts.idAffectation),
  ]);
  const { lines, photos } = await inventoryLines(
    db,
    inventories.map((i) => i.idEtatDesLieux),
  );
  const entree = inventories.find((i) => i.type === 'ENTREE');
  const sortie = inventories.find((i) => i.type === 'SORTIE');
  const resident = scoped.role === ETUDIANT;
  const refusal = (type: 'ENTREE' | 'SORTIE', valide: boolean) =>
    inventoryRefusal({
      annulee: facts.annulee,
      remiseLe: facts.remiseLe,
      type,
      valide,
      resident,
      entree: entree !== undefined,
      now,
    });
  const peutRemplirEntree = refusal('ENTREE', Boolean(entree?.valideLe)) === null;
  // The departure is offered when the server would take its inventory: an agent, the key handed,
  // the arrival inventory filled, the assignment live (a countersigned one is still shown).
  const departPossible = refusal('SORTIE', false) === null;
  return {
    idAffectation: facts.idAffectation,
    nomCite: facts.nomCite,
    libelleChambre: facts.libelleChambre,
    libelleLit: facts.libelleLit,
    etudiant: fullName(facts),
    ine: facts.ine,
    codeCle: facts.codeCle,
    remiseLe: iso(facts.remiseLe),
    limiteEtatDesLieux: iso(inventoryDeadline(facts.remiseLe)),
    peutRemplirEntree,
    departPossible,
    peutRemplirSortie: departPossible && !sortie?.valideLe,
    elementsChambre: elements,
    inventaires: inventories.map((i) => ({
      idEtatDesLieux: i.idEtatDesLieux,
      type: i.type,
      parResidant: i.parResidant,
      dateSaisie: iso(i.updatedAt)!,
      valideLe: iso(i.valideLe),
      elements: lines
        .filter((l) => l.idEtatDesLieux === i.idEtatDesLieux)
        .map((l) => ({
          idElementInventaire: l.idElementInventaire,
          libelleElement: l.libelleElement,
          quantite: l.quantite,
          etat: l.etat,
          commentaire: l.commentaire,
          photos: photos
            .filter((p) => p.idEtatDesLieuxElement === l.idEtatDesLieuxElement)
            .map((p) => p.idPhoto),
        })),
    })),
  };
}

/** The body's elements checked against the room's inventory: each element once, every one given. */
function checkElements(body: EtatDesLieuxBody, known: readonly { idElementInventaire: number }[]) {
  const ids = new Set(known.map((k) => k.idElementInventaire));
  const seen = new Set<number>();
  const errors: FieldError[] = [];
  body.elements.forEach((e, i) => {
    if (!ids.has(e.idElementInventaire))
      errors.push({
        champ: `elements.${i}.idElementInventaire`,
        message: messages.etatDesLieuxElementInconnu,
      });
    else if (seen.has(e.idElementInventaire))
      errors.push({
        champ: `elements.${i}.idElementInventaire`,
        message: messages.etatDesLieuxElementDouble,
      });
    seen.add(e.idElementInventaire);
  });
  if (errors.length) throw fieldErrors(errors);
  if (seen.size !== ids.size) throw fieldError('elements', 'etatDesLieuxElementsManquants');
}

/**
 * `POST campus/etat-des-lieux`: the resident (its own assignment, the ENTREE within 72 hours of the
 * key) or an agent of the cité fills an inventory, each element's state with its photos. A second
 * one replaces the first until an agent countersigns it, keeping the photos of an element sent
 * again without new ones (docs/life-in-the-cite.md#the-arrival-inventory). The photos are copied before the
 * transaction and their uploads consumed in it: the inventory and its photos are written whole or
 * not at all.
 */
export async function saveInventory(
  db: Db,
  actor: Actor | null,
  input: { body: EtatDesLieuxBody; storage: DocumentStorage; now?: Date },
) {
  const { body, storage } = input;
  const now = input.now ?? new Date();
  // The checks that need no lock, before any photo is copied.
  const first = await reachable(db, actor, 'cite.inventory', body.idAffectation);
  checkElements(body, await elementsOfCategory(db, first.facts.idCategorieChambre));
  const named = body.elements.flatMap((e, i) =>
    (e.photos ?? []).map((id, j) => ({ id, champ: `elements.${i}.photos.${j}` })),
  );
  const copies = await copyPhotoUploads(db, actor!, { named, storage, prefix: PHOTO_PREFIX });
  const copyOf = new Map(copies.map((c) => [c.id, c]));
  let outcome: { id: number; gone: string[] };
  try {
    outcome = await withTransaction(db, async (tx) => {
      const { facts, actor: scoped } = await reachable(tx, actor, 'cite.inventory', body.idAffectation, true);
      const resident = scoped.role === ETUDIANT;
      const existing = await inventoryOfType(tx, facts.idAffectation, body.type);
      const entree =
        body.type === 'ENTREE' ? existing : await inventoryOfType(tx, facts.idAffectation, 'ENTREE');
      const refusal = inventoryRefusal({
        annulee: facts.annulee,
        remiseLe: facts.remiseLe,
        type: body.type,
        valide: Boolean(existing?.valideLe),
        resident,
        entree: entree !== undefined,
        now,
      });
      if (refusal) throw new AppError('CONFLIT', refusal);
      // A correction keeps the photos sent earlier for an element sent again without any; an
      // element sent with photos has those instead, and its earlier ones leave the storage.
      const earlier = existing ? await photosOfInventory(tx, existing.idEtatDesLieux) : [];
      const resent = new Set(
        body.elements.filter((e) => (e.photos ?? []).length > 0).map((e) => e.idElementInventaire),
      );
      const gone = earlier.filter((p) => resent.has(p.idElementInventaire)).map((p) => p.cle);
      const kept = (idElement: number) =>
        earlier
          .filter((p) => p.idElementInventaire === idElement && !resent.has(idElement))
          .map(({ cle, typeMime, taille }) => ({ cle, typeMime, taille }));
      const partKeys = await consumePhotoUploads(tx, actor!, named, now);
      const id = await writeInventory(tx, {
        existing: existing?.idEtatDesLieux,
        idAffectation: facts.idAffectation,
        type: body.type,
        parResidant: resident,
        idAuteur: actor!.id,
        elements: body.elements.map((e) => ({
          idElementInventaire: e.idElementInventaire,
          etat: e.etat,
          commentaire: e.commentaire?.trim() || null,
          photos: [
            ...kept(e.idElementInventaire),
            ...(e.photos ?? []).map((p) => {
              const c: CopiedPhoto = copyOf.get(p)!;
              return { cle: c.cle, typeMime: c.typeMime, taille: c.taille };
            }),
          ],
        })),
      });
      await recordAudit(tx, actor, {
        action: 'ETAT_DES_LIEUX',
        resource: 'etat-des-lieux',
        resourceId: id,
        detail: {
          libelle: fill(messages.auditEtatDesLieux, {
            type: body.type === 'ENTREE' ? messages.etatDesLieuxEntree : messages.etatDesLieuxSortie,
            etudiant: fullName(facts),
            lieu: placeOf(facts),
          }),
        },
      });
      return { id, gone: [...gone, ...partKeys] };
    });
  } catch (err) {
    // A COMMIT whose outcome is unknown may have kept rows that name the copies: they stay (the
    // caller gets 503 and sends again); anything else wrote nothing, so the copies go.
    if (!isCommitUncertain(err))
      await removeKeys(
        storage,
        copies.map((c) => c.cle),
      );
    throw err;
  }
  await removeKeys(storage, outcome.gone);
  return { idEtatDesLieux: outcome.id, message: messages.etatDesLieuxEnregistre };
}

/** `POST campus/etat-des-lieux/{id}/validation`: an agent of the cité countersigns; nobody changes it after. */
export async function countersignInventory(db: Db, actor: Actor | null, input: { id: number }) {
  return withTransaction(db, async (tx) => {
    const scoped = await withCites(tx, actor);
    scopeFor(scoped, 'cite.agent');
    const inventory = await inventoryById(tx, input.id, true);
    if (!inventory) throw notFound();
    const { facts } = await reachable(tx, actor, 'cite.agent', inventory.idAffectation);
    if (inventory.valideLe) throw new AppError('CONFLIT', 'etatDesLieuxDejaValide');
    const row = await countersign(tx, inventory.idEtatDesLieux, actor!.id);
    if (!row) throw new AppError('CONFLIT', 'etatDesLieuxDejaValide');
    await recordAudit(tx, actor, {
      action: 'CONTRESIGNER_ETAT_DES_LIEUX',
      resource: 'etat-des-lieux',
      resourceId: inventory.idEtatDesLieux,
      detail: {
        libelle: fill(messages.auditContreseing, {
          type: inventory.type === 'ENTREE' ? messages.etatDesLieuxEntree : messages.etatDesLieuxSortie,
          etudiant: fullName(facts),
        }),
      },
    });
    return { message: messages.etatDesLieuxContresigne };
  });
}

/** `GET campus/etat-des-lieux/photo/{idPhoto}`: the photo, to whoever may read its inventory. */
export async function inventoryPhoto(
  db: Db,
  actor: Actor | null,
  input: { idPhoto: number; storage: DocumentStorage },
) {
  scopeFor(await withCites(db, actor), 'cite.inventory');
  const photo = await photoById(db, input.idPhoto);
  if (!photo) throw notFound();
  await reachable(db, actor, 'cite.inventory', photo.idAffectation);
  const opened = await input.storage.open(photo.cle);
  return { ...opened, typeMime: photo.typeMime };
}

/** `GET campus/etudiant/arrivee`: the resident's live assignments, newest first. */
export async function myAssignments(db: Db, actor: Actor | null) {
  const scope = scopeFor(actor, 'cite.inventory');
  if (scope !== 'own') return [];
  return assignmentsOfStudent(db, actor!.id);
}

// ------------------------------------------------------------------ the agent's dashboard

/** `GET campus/cite-agent/tableau-de-bord`: per cité, and the residents awaiting their key or a countersign. */
export async function agentDashboard(db: Db, actor: Actor | null): Promise<AgentDashboard> {
  const scoped = await withCites(db, actor);
  const scope = scopeFor(scoped, 'cite.agent');
  const cites = scope === 'all' ? null : (scoped!.cites ?? []);
  if (cites !== null && cites.length === 0) return { cites: [], arrivees: [] };
  const [figures, due] = await Promise.all([
    dashboardFigures(db, cites),
    arrivalsDue(db, cites, DASHBOARD_ROWS),
  ]);
  return {
    cites: figures,
    arrivees: due.map((d) => ({
      idAffectation: d.idAffectation,
      nomCite: d.nomCite,
      libelleChambre: d.libelleChambre,
      libelleLit: d.libelleLit,
      etudiant: fullName(d),
      ine: d.ine,
      remiseLe: iso(d.remiseLe),
      idEtatDesLieux: d.idEtatDesLieux,
    })),
  };
}

// ------------------------------------------------------------------ departure

const etatLabel = (e: EtatElement | undefined) => (e ? citeMessages.etats[e] : '');

/**
 * `GET campus/etat-des-lieux/comparaison?idAffectation`: the departure inventory beside the
 * arrival one, element by element (states, comments, photos), which elements are worse, the damage
 * charged, the departure and the balance. To an agent of the cité, the admin, the resident (its own).
 */
export async function readComparison(
  db: Db,
  actor: Actor | null,
  input: { idAffectation: number },
): Promise<ComparaisonRead> {
  const { facts } = await reachable(db, actor, 'cite.inventory', input.idAffectation);
  const [elements, inventories, charged, solde, compte] = await Promise.all([
    elementsOfCategory(db, facts.idCategorieChambre),
    inventoriesOf(db, facts.idAffectation),
    degradationsOf(db, facts.idAffectation),
    balanceOf(db, facts.idAffectation),
    departureAccount(db, facts.idAffectation),
  ]);
  const entree = inventories.find((i) => i.type === 'ENTREE');
  const sortie = inventories.find((i) => i.type === 'SORTIE');
  const { lines, photos } = await inventoryLines(
    db,
    inventories.map((i) => i.idEtatDesLieux),
  );
  const stateOf = (idEtatDesLieux: number | undefined, idElement: number) => {
    const line = lines.find(
      (l) => l.idEtatDesLieux === idEtatDesLieux && l.idElementInventaire === idElement,
    );
    if (!line) return null;
    return {
      etat: line.etat,
      commentaire: line.commentaire,
      photos: photos
        .filter((p) => p.idEtatDesLieuxElement === line.idEtatDesLieuxElement)
        .map((p) => p.idPhoto),
    };
  };
  // The room's elements, then any element an inventory names that the category no longer lists.
  const known = new Map(elements.map((e) => [e.idElementInventaire, e]));
  for (const l of lines)
    if (!known.has(l.idElementInventaire))
      known.set(l.idElementInventaire, {
        idElementInventaire: l.idElementInventaire,
        libelleElement: l.libelleElement,
        quantite: l.quantite,
      });
  return {
    idAffectation: facts.idAffectation,
    nomCite: facts.nomCite,
    libelleChambre: facts.libelleChambre,
    libelleLit: facts.libelleLit,
    etudiant: fullName(facts),
    ine: facts.ine,
    remiseLe: iso(facts.remiseLe),
    idEntree: entree?.idEtatDesLieux ?? null,
    idSortie: sortie?.idEtatDesLieux ?? null,
    dateDepart: facts.dateDepart,
    annulee: facts.annulee && facts.dateDepart === null,
    solde,
    compte,
    elements: [...known.values()].map((e) => {
      const a = stateOf(entree?.idEtatDesLieux, e.idElementInventaire);
      const b = stateOf(sortie?.idEtatDesLieux, e.idElementInventaire);
      return {
        idElementInventaire: e.idElementInventaire,
        libelleElement: e.libelleElement,
        quantite: e.quantite,
        entree: a,
        sortie: b,
        degrade: a !== null && b !== null && isWorse(a.etat, b.etat),
        idDegradation:
          charged.find((d) => d.idElementInventaire === e.idElementInventaire)?.idDegradation ?? null,
      };
    }),
    degradations: charged.map(degradationView),
  };
}

const degradationView = (d: Awaited<ReturnType<typeof degradationsOf>>[number]) => ({
  idDegradation: d.idDegradation,
  idElementInventaire: d.idElementInventaire,
  libelleElement: d.libelleElement,
  montant: d.montant,
  motif: d.motif,
  reference: d.reference,
  dateFacturation: iso(d.createdAt)!,
});

/**
 * `POST campus/affectation/{id}/depart`: an agent of the cité records the departure once the
 * departure inventory is filled. In one transaction: the assignment ends that day (its bed free),
 * the instalments due in a later month are reversed, and, while the session's offers run, the
 * place is offered to the waiting list as any freed place is. The session's locks come first (the
 * offers' order), then the assignment's row.
 */
export async function recordDeparture(
  db: Db,
  actor: Actor | null,
  input: { id: number; date: string; dashboardUrl: string; now?: Date },
) {
  const now = input.now ?? new Date();
  return withTransaction(db, async (tx) => {
    const first = await reachable(tx, actor, 'cite.agent', input.id);
    const delai = first.facts.annulee ? null : await lockOffersIfRunning(tx, first.facts.idSessionCenou);
    const { facts } = await reachable(tx, actor, 'cite.agent', input.id, true);
    const sortie = await inventoryOfType(tx, facts.idAffectation, 'SORTIE');
    const refusal = departureRefusal({
      annulee: facts.annulee,
      remiseLe: facts.remiseLe,
      sortie: sortie !== undefined,
      date: input.date,
      today: todayUtc(),
    });
    if (refusal === 'departDateFuture' || refusal === 'departDateAvantCle') throw fieldError('date', refusal);
    if (refusal) throw new AppError('CONFLIT', refusal);
    if (!(await endAffectation(tx, facts.idAffectation, input.date, actor!.id)))
      throw new AppError('CONFLIT', 'affectationTerminee');
    const echeancesAnnulees = await endInstalments(tx, actor, {
      idAffectation: facts.idAffectation,
      dateDepart: input.date,
    });
    // The dossier's history says the stay ended, where and on which day, with the damage charged
    // and what the departure leaves to pay, as the student's rent and the departure form say them.
    const solde = await balanceOf(tx, facts.idAffectation);
    const { degradations } = await departureAccount(tx, facts.idAffectation);
    await recordEvents(tx, actor, 'DEPART', now, [
      departureEvent(facts, input.date, { degradations, solde }),
    ]);
    await recordAudit(tx, actor, departureEntry(facts, input.date, echeancesAnnulees));
    if (delai !== null)
      await offerDepartedPlace(tx, actor, {
        idDossier: facts.idDossier,
        delai,
        now,
        dashboardUrl: input.dashboardUrl,
      });
    return {
      idAffectation: facts.idAffectation,
      dateDepart: input.date,
      echeancesAnnulees,
      solde,
      message: messages.departEnregistre,
    };
  });
}

/**
 * `POST campus/affectation/{id}/degradation`: an agent of the cité charges an element found worse
 * at departure than at arrival (once per element): a DEGRADATION journal transaction on the
 * resident's account (rent's service writes it) and its record, in one transaction.
 */
export async function chargeDegradation(
  db: Db,
  actor: Actor | null,
  input: { id: number; body: DegradationBody },
) {
  const body = input.body;
  const motif = body.motif.trim().replace(/\s+/g, ' ');
  return withTransaction(db, async (tx) => {
    const { facts } = await reachable(tx, actor, 'cite.agent', input.id, true);
    const entree = await inventoryOfType(tx, facts.idAffectation, 'ENTREE');
    const sortie = await inventoryOfType(tx, facts.idAffectation, 'SORTIE');
    if (!entree || !sortie) throw new AppError('CONFLIT', 'degradationSansEtatsDesLieux');
    const { lines } = await inventoryLines(tx, [entree.idEtatDesLieux, sortie.idEtatDesLieux]);
    const at = (idEtatDesLieux: number) =>
      lines.find(
        (l) => l.idEtatDesLieux === idEtatDesLieux && l.idElementInventaire === body.idElementInventaire,
      );
    const before = at(entree.idEtatDesLieux);
    const after = at(sortie.idEtatDesLieux);
    if (!before || !after) throw fieldError('idElementInventaire', 'etatDesLieuxElementInconnu');
    if (!isWorse(before.etat, after.etat))
      throw new AppError('CONFLIT', 'degradationPasPire', [
        { champ: 'idElementInventaire', message: messages.degradationPasPire },
      ]);
    if (
      (await degradationsOf(tx, facts.idAffectation)).some(
        (d) => d.idElementInventaire === body.idElementInventaire,
      )
    )
      throw new AppError('CONFLIT', 'degradationDejaFacturee');
    const charge = await chargeDamage(tx, actor, {
      idAffectation: facts.idAffectation,
      idCite: facts.idCite,
      montant: body.montant,
      libelle: fill(messages.loyerJournalDegradation, { element: after.libelleElement, motif }),
    });
    const made = await insertDegradation(tx, {
      idAffectation: facts.idAffectation,
      idElementInventaire: body.idElementInventaire,
      idEntree: entree.idEtatDesLieux,
      idSortie: sortie.idEtatDesLieux,
      montant: body.montant,
      motif,
      reference: charge.reference,
      idTransaction: charge.idTransaction,
      idAuteur: actor!.id,
    });
    // Two agents charging the same element at once: the row lock above serialises them, the
    // unique index stands behind it.
    if (!made) throw new AppError('CONFLIT', 'degradationDejaFacturee');
    await recordAudit(
      tx,
      actor,
      damageEntry(facts, {
        idDegradation: made.idDegradation,
        element: after.libelleElement,
        montant: body.montant,
        motif,
        reference: charge.reference,
      }),
    );
    return {
      idDegradation: made.idDegradation,
      idElementInventaire: body.idElementInventaire,
      libelleElement: after.libelleElement,
      montant: body.montant,
      motif,
      reference: charge.reference,
      dateFacturation: iso(made.createdAt)!,
      solde: charge.solde,
      message: messages.degradationEnregistree,
    };
  });
}

/** What a damage's receipt says: the charge, both inventories and their states, the resident, the balance. */
export async function degradationReceiptFacts(
  db: Db,
  actor: Actor | null,
  input: { id: number; idDegradation: number },
) {
  const { facts } = await reachable(db, actor, 'cite.inventory', input.id);
  const d = await degradationById(db, facts.idAffectation, input.idDegradation);
  if (!d) throw notFound();
  const [entree, sortie] = await Promise.all([inventoryById(db, d.idEntree), inventoryById(db, d.idSortie)]);
  const { lines } = await inventoryLines(db, [d.idEntree, d.idSortie]);
  const stateIn = (id: number) =>
    lines.find((l) => l.idEtatDesLieux === id && l.idElementInventaire === d.idElementInventaire)?.etat;
  return {
    reference: d.reference,
    dateFacturation: iso(d.createdAt)!,
    montant: d.montant,
    motif: d.motif,
    libelleElement: d.libelleElement,
    etatEntree: etatLabel(stateIn(d.idEntree)),
    etatSortie: etatLabel(stateIn(d.idSortie)),
    idEntree: d.idEntree,
    idSortie: d.idSortie,
    // The day each inventory was drawn up (a countersign or a rewrite does not move it).
    dateEntree: iso(entree?.createdAt ?? null),
    dateSortie: iso(sortie?.createdAt ?? null),
    etudiant: `${facts.nomEtudiant} ${facts.prenomEtudiant}`,
    ine: facts.ine,
    nomCite: facts.nomCite,
    libelleChambre: facts.libelleChambre,
    libelleLit: facts.libelleLit,
    du: await owedOf(db, facts.idAffectation),
  };
}
export type DegradationReceiptFacts = Awaited<ReturnType<typeof degradationReceiptFacts>>;

/** `GET campus/etudiant/depart`: the resident's assignments with a departure inventory or a departure. */
export async function myDepartures(db: Db, actor: Actor | null) {
  const scope = scopeFor(actor, 'cite.inventory');
  if (scope !== 'own') return [];
  return departuresOfStudent(db, actor!.id);
}
