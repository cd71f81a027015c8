import { z } from 'zod';
import { PHOTOS_PER_ELEMENT } from '../limits';
import { messages } from '../messages';
import { id, idParam, isoDate, isoTimestamp, required, requiredText } from './common';
import { montantPaye } from './rent';

/**
 * Life in the cité (docs/life-in-the-cite.md): the agents' cités, the key handed at arrival, the
 * inventories of a room (ENTREE, SORTIE) with their photos, the agent's dashboard.
 */

export const TYPES_ETAT_DES_LIEUX = ['ENTREE', 'SORTIE'] as const;
export const ETATS_ELEMENT = ['BON', 'USE', 'ABIME', 'MANQUANT'] as const;
export type EtatElementInventaire = (typeof ETATS_ELEMENT)[number];

/**
 * Where a resident of the cité stands (the agent's list of residents): its arrival under way (key
 * or inventory missing), its arrival inventory to countersign, settled, its departure inventory
 * filled (departure not recorded yet), gone.
 */
export const ETATS_RESIDENT = ['ARRIVEE', 'A_CONTRESIGNER', 'INSTALLE', 'DEPART_EN_COURS', 'PARTI'] as const;
export type EtatResident = (typeof ETATS_RESIDENT)[number];

const citeRef = z.object({ idCite: z.number(), nomCite: z.string() });

/** `GET campus/agent-cite`: the agents and their cités (the settings' « Agents » screen). */
export const agentList = z.array(
  z.object({
    id: z.number(),
    userName: z.string(),
    nom: z.string(),
    prenom: z.string(),
    /** Where its SMS go (set on the users screen); null: it gets none. */
    telephone: z.string().nullable(),
    cites: z.array(citeRef),
  }),
);

export const agentParams = z.object({ idUser: idParam });
/** `PUT campus/agent-cite/{idUser}`: the agent's cités, at least one. */
export const agentCitesBody = z.object({
  citesAgent: z
    .array(id, { error: messages.citesAgentObligatoire })
    .min(1, { error: messages.citesAgentObligatoire })
    .max(50, { error: messages.valeurInvalide }),
});
export type AgentCitesBody = z.input<typeof agentCitesBody>;

export const affectationParams = z.object({ id: idParam });

/** `POST campus/affectation/{id}/arrivee`: the code of the key handed to the resident. */
export const arriveeBody = z.object({ codeCle: requiredText(40) });
export type ArriveeBody = z.input<typeof arriveeBody>;
export const arriveeAnswer = z.object({
  idRemiseCle: z.number(),
  codeCle: z.string(),
  remiseLe: isoTimestamp,
  /** Until when the resident may fill its arrival inventory. */
  limiteEtatDesLieux: isoTimestamp,
  message: z.string(),
});

const photoId = z.string().regex(/^[0-9a-f]{32}$/, { error: messages.photoIntrouvable });

/** `POST campus/etat-des-lieux`: each element of the room's inventory, its state, its photos (uploads). */
export const etatDesLieuxBody = z.object({
  idAffectation: id,
  type: z.enum(TYPES_ETAT_DES_LIEUX, { error: messages.valeurInvalide }),
  elements: z
    .array(
      z.object({
        idElementInventaire: id,
        etat: z.enum(ETATS_ELEMENT, { error: messages.champObligatoire }),
        commentaire: z.string().max(500, { error: messages.valeurTropLongue }).trim().nullish(),
        photos: z
          .array(photoId)
          .max(PHOTOS_PER_ELEMENT, { error: messages.etatDesLieuxPhotosTrop })
          .optional(),
      }),
    )
    .min(1, { error: messages.etatDesLieuxElementsManquants })
    .max(200, { error: messages.valeurInvalide }),
});
export type EtatDesLieuxBody = z.input<typeof etatDesLieuxBody>;

export const etatDesLieuxCree = z.object({ idEtatDesLieux: z.number(), message: z.string() });
export const etatDesLieuxQuery = z.object({ idAffectation: idParam });
export const etatDesLieuxParams = z.object({ id: idParam });
export const photoParams = z.object({ idPhoto: idParam });

const inventaire = z.object({
  idEtatDesLieux: z.number(),
  type: z.enum(TYPES_ETAT_DES_LIEUX),
  parResidant: z.boolean(),
  dateSaisie: isoTimestamp,
  valideLe: isoTimestamp.nullable(),
  elements: z.array(
    z.object({
      idElementInventaire: z.number(),
      libelleElement: z.string(),
      quantite: z.number(),
      etat: z.enum(ETATS_ELEMENT),
      commentaire: z.string().nullable(),
      photos: z.array(z.number()),
    }),
  ),
});

/** `GET campus/etat-des-lieux?idAffectation`: the assignment, its key, the room's elements, its inventories. */
export const etatDesLieuxRead = z.object({
  idAffectation: z.number(),
  nomCite: z.string(),
  libelleChambre: z.string(),
  libelleLit: z.string(),
  etudiant: z.string(),
  ine: z.string(),
  codeCle: z.string().nullable(),
  remiseLe: isoTimestamp.nullable(),
  limiteEtatDesLieux: isoTimestamp.nullable(),
  /** Whether the caller may (still) fill the ENTREE inventory. */
  peutRemplirEntree: z.boolean(),
  /**
   * Whether the caller may go on to the departure: an agent of the cité, the key handed, the
   * arrival inventory filled, the assignment live.
   */
  departPossible: z.boolean(),
  /** Whether the caller may (still) fill the SORTIE inventory: as `departPossible`, and not countersigned. */
  peutRemplirSortie: z.boolean(),
  elementsChambre: z.array(
    z.object({ idElementInventaire: z.number(), libelleElement: z.string(), quantite: z.number() }),
  ),
  inventaires: z.array(inventaire),
});
export type EtatDesLieuxRead = z.infer<typeof etatDesLieuxRead>;

const etatsCompares = z.object({
  etat: z.enum(ETATS_ELEMENT),
  commentaire: z.string().nullable(),
  photos: z.array(z.number()),
});

/** A damage charged at departure, as its page lists it. */
export const degradationRow = z.object({
  idDegradation: z.number(),
  idElementInventaire: z.number(),
  libelleElement: z.string(),
  montant: z.number(),
  motif: z.string(),
  reference: z.string(),
  dateFacturation: isoTimestamp,
});

/**
 * `GET campus/etat-des-lieux/comparaison?idAffectation`: the departure compared with the arrival,
 * element by element (both states, both photos), the damage charged, the departure and the balance.
 */
export const comparaisonRead = z.object({
  idAffectation: z.number(),
  nomCite: z.string(),
  libelleChambre: z.string(),
  libelleLit: z.string(),
  etudiant: z.string(),
  ine: z.string(),
  remiseLe: isoTimestamp.nullable(),
  idEntree: z.number().nullable(),
  idSortie: z.number().nullable(),
  /** The day the resident left, once recorded. */
  dateDepart: z.string().nullable(),
  /** Cancelled without a departure: nothing more to record. */
  annulee: z.boolean(),
  /** The resident's balance (debits − credits; negative: a credit refunded as rent's refunds are). */
  solde: z.number(),
  /**
   * What the departure reads of the account (`departureBalance`, src/domain/rent.ts): the live
   * instalments, the damage charged, what was paid net of refunds. The form shows from it what is
   * due on the day it gives, and what of the year is no longer due.
   */
  compte: z.object({
    echeances: z.array(z.object({ dateEcheance: z.string(), montant: z.number() })),
    degradations: z.number(),
    paye: z.number(),
  }),
  elements: z.array(
    z.object({
      idElementInventaire: z.number(),
      libelleElement: z.string(),
      quantite: z.number(),
      entree: etatsCompares.nullable(),
      sortie: etatsCompares.nullable(),
      /** Worse at departure than at arrival: a damage may be charged (once). */
      degrade: z.boolean(),
      idDegradation: z.number().nullable(),
    }),
  ),
  degradations: z.array(degradationRow),
});
export type ComparaisonRead = z.infer<typeof comparaisonRead>;

/** `POST campus/affectation/{id}/depart`: the day the resident left (today or before, not before its key). */
export const departBody = z.object({ date: required(isoDate) });
export const departAnswer = z.object({
  idAffectation: z.number(),
  dateDepart: z.string(),
  /** Instalments cancelled (those due in a month after the departure's). */
  echeancesAnnulees: z.number(),
  solde: z.number(),
  message: z.string(),
});

/** `POST campus/affectation/{id}/degradation`: an element worse at departure, its amount (FCFA), why. */
export const degradationBody = z.object({
  idElementInventaire: required(id),
  montant: required(montantPaye),
  motif: required(requiredText(300)),
});
export type DegradationBody = z.input<typeof degradationBody>;
export const degradationAnswer = degradationRow.extend({ solde: z.number(), message: z.string() });
export const degradationParams = z.object({ id: idParam, idDegradation: idParam });

/** `GET campus/etudiant/depart`: the resident's assignments with a departure inventory or a departure, newest first. */
export const mesDeparts = z.array(z.object({ idAffectation: z.number(), dateDepart: z.string().nullable() }));

/** `GET campus/etudiant/arrivee`: the resident's live assignments (the arrival page opens the newest). */
export const mesAffectations = z.array(z.object({ idAffectation: z.number() }));

/** `GET campus/cite-agent/tableau-de-bord`: per cité, then the residents awaiting their key or a countersign. */
export const agentDashboard = z.object({
  cites: z.array(
    citeRef.extend({
      residents: z.number(),
      arriveesAttendues: z.number(),
      aContresigner: z.number(),
      /** Residents whose departure inventory is filled, departure not yet recorded. */
      departsEnCours: z.number(),
      /** Departures recorded in the cité's current assignments' sessions. */
      departs: z.number(),
    }),
  ),
  arrivees: z.array(
    z.object({
      idAffectation: z.number(),
      nomCite: z.string(),
      libelleChambre: z.string(),
      libelleLit: z.string(),
      etudiant: z.string(),
      ine: z.string(),
      remiseLe: isoTimestamp.nullable(),
      idEtatDesLieux: z.number().nullable(),
    }),
  ),
});
export type AgentDashboard = z.infer<typeof agentDashboard>;

/** `GET campus/lit/{id}/cles`: the keys handed for a bed, newest first. */
export const litParams = z.object({ id: idParam });
export const bedKeys = z.array(
  z.object({
    idRemiseCle: z.number(),
    idAffectation: z.number(),
    codeCle: z.string(),
    remiseLe: isoTimestamp,
    etudiant: z.string(),
  }),
);

/** `GET campus/cite-agent/residents`: a row of the agent's list of residents (docs/life-in-the-cite.md#the-residents). */
export const residentRow = z.object({
  idAffectation: z.number(),
  idCite: z.number(),
  nomCite: z.string(),
  libelleChambre: z.string(),
  libelleLit: z.string(),
  etudiant: z.string(),
  ine: z.string(),
  etat: z.enum(ETATS_RESIDENT),
  remiseLe: isoTimestamp.nullable(),
  dateDepart: z.string().nullable(),
  /** Its departure may be gone on to now (as the arrival page's `departPossible`). */
  departPossible: z.boolean(),
});
export type ResidentRow = z.infer<typeof residentRow>;
export const residentListAnswer = z.array(residentRow);
