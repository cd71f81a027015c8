import { z } from 'zod';
import { INE_PATTERN } from '../identity';
import { messages } from '../messages';
import { ROOM_CHOICE } from '../room-choice';
import { SEXES } from '../enums';
import { affectationRow } from './assignment';
import { id, idParam, required } from './common';

/** The room-choice calls (docs/room-choice.md), under `campus/choix-chambre`. */

const instant = z.iso.datetime({ offset: true, error: messages.dateHeureInvalide });
const minutes = (min: number, max: number) =>
  z
    .number({ error: messages.valeurInvalide })
    .int({ error: messages.valeurInvalide })
    .min(min, { error: messages.valeurInvalide })
    .max(max, { error: messages.valeurInvalide });

/** The settings of a campaign, as created or changed. */
const settings = {
  debut: required(instant),
  fin: required(instant),
  dureeCreneauMinutes: minutes(1, ROOM_CHOICE.dureeCreneauMinutesMax).optional(),
  etudiantsParCreneau: minutes(1, ROOM_CHOICE.etudiantsParCreneauMax).optional(),
  dureeReservationMinutes: minutes(
    ROOM_CHOICE.dureeReservationMinutesMin,
    ROOM_CHOICE.dureeReservationMinutesMax,
  ).optional(),
};

/** `POST campus/choix-chambre/campagne`. */
export const campaignBody = z.object({
  idSessionCenou: required(id),
  idDirection: required(id),
  ...settings,
});
export type CampaignBody = z.infer<typeof campaignBody>;

/** `PUT campus/choix-chambre/campagne/{idCampagne}`: new dates and settings, before the start. */
export const campaignUpdateBody = z.object(settings);
export type CampaignUpdateBody = z.infer<typeof campaignUpdateBody>;

export const campaignParams = z.object({ idCampagne: idParam });
export const campaignQuery = z.object({ idSessionCenou: required(idParam), idDirection: required(idParam) });

export const campaignRead = z.object({
  idCampagne: z.number(),
  idSessionCenou: z.number(),
  idDirection: z.number(),
  debut: z.string(),
  fin: z.string(),
  dureeCreneauMinutes: z.number(),
  etudiantsParCreneau: z.number(),
  dureeReservationMinutes: z.number(),
  /** Each chooser's slot, in order. */
  creneaux: z.array(z.object({ ine: z.string(), debutCreneau: z.string() })),
});
export type CampaignRead = z.infer<typeof campaignRead>;

/** `GET campus/choix-chambre/en-cours`: the sessions (and directions) whose room choice runs now. */
export const runningRoomChoicesAnswer = z.array(
  z.object({ idSessionCenou: z.number(), idDirection: z.number() }),
);

const ine = z.string({ error: messages.ineFormat }).trim().regex(INE_PATTERN, { error: messages.ineFormat });

/** `POST campus/choix-chambre/groupe`: the friends invited (1 to 3 INEs). */
export const groupBody = z.object({
  ines: z
    .array(ine, { error: messages.valeurInvalide })
    .min(1, { error: messages.valeurInvalide })
    .max(ROOM_CHOICE.membresMax - 1, { error: messages.valeurInvalide }),
});
export const groupParams = z.object({ idGroupe: idParam });
export const groupAnswerBody = z.object({
  reponse: z.enum(['ACCEPTE', 'REFUSE'], { error: messages.choixInvalide }),
});

export const memberStatus = ['INVITE', 'ACCEPTE', 'REFUSE'] as const;
export const groupRead = z.object({
  idGroupe: z.number(),
  membres: z.array(
    z.object({
      ine: z.string(),
      /** Null until the member accepted: an invitation tells nobody who an INE is. */
      nomEtudiant: z.string().nullable(),
      prenomEtudiant: z.string().nullable(),
      statut: z.enum(memberStatus),
    }),
  ),
});
export type GroupRead = z.infer<typeof groupRead>;

export const holdRead = z.object({
  idReservation: z.number(),
  idChambre: z.number(),
  /** Where the room is: a hold reads whole after a reload, or for a friend of the group. */
  libelleChambre: z.string(),
  libelleBatiment: z.string(),
  nomCite: z.string(),
  lits: z.array(z.object({ idLit: z.number(), libelleLit: z.string(), ine: z.string() })),
  expireA: z.string(),
  prolongations: z.number(),
});
export type HoldRead = z.infer<typeof holdRead>;

/** `GET campus/choix-chambre/moi`: the student's slot, its group, its hold. */
export const mineRead = z.object({
  idCampagne: z.number(),
  /** The slot it chooses at: its group's when it accepted one (never earlier than its own). */
  debutCreneau: z.string(),
  fin: z.string(),
  dureeReservationMinutes: z.number(),
  groupe: groupRead.nullable(),
  reservation: holdRead.nullable(),
  /**
   * The cités of the campaign's direction, where it chooses, each with the free beds of its rooms
   * that fit the student (or its group): those `GET chambres` lists.
   */
  cites: z.array(z.object({ idCite: z.number(), nomCite: z.string(), litsLibres: z.number() })),
  /** It has its bed of the session (its choice confirmed, or staff's assignment). */
  loge: z.boolean(),
});
export type MineRead = z.infer<typeof mineRead>;

export const roomsQuery = z.object({ idCite: required(idParam) });
export const roomRow = z.object({
  idChambre: z.number(),
  libelleChambre: z.string(),
  idCite: z.number(),
  nomCite: z.string(),
  libelleBatiment: z.string(),
  niveau: z.string(),
  categorie: z.string(),
  montantChambre: z.number(),
  litsLibres: z.number(),
});
export const roomsAnswer = z.array(roomRow);
export type RoomRow = z.infer<typeof roomRow>;

export const holdBody = z.object({ idChambre: required(id) });
export const holdParams = z.object({ idReservation: idParam });
export const confirmationAnswer = z.object({ affectations: z.array(affectationRow) });

export const CHOOSER_STATES = [
  'CHOISI',
  'EN_RESERVATION',
  'EN_ATTENTE',
  'PAS_ENCORE_OUVERT',
  'SANS_CHOIX',
] as const;
export type ChooserStateName = (typeof CHOOSER_STATES)[number];
export const followRow = z.object({
  ine: z.string(),
  nomEtudiant: z.string(),
  prenomEtudiant: z.string(),
  sexeEtudiant: z.enum(SEXES),
  /** Its place in the order (from 0) and its slot's number (from 0). */
  ordre: z.number(),
  numero: z.number(),
  debutCreneau: z.string(),
  /** Why it comes there: a VALIDE disability criterion, else its list and rank. */
  handicap: z.boolean(),
  listeDeliberation: z.string().nullable(),
  rang: z.number().nullable(),
  /** The group it accepted or is invited into, and which (null: alone, or only refused). */
  idGroupe: z.number().nullable(),
  statutGroupe: z.enum(['INVITE', 'ACCEPTE']).nullable(),
  /** The student who formed that group: every screen names the group after it (`groupName`). */
  nomCreateurGroupe: z.string().nullable(),
  prenomCreateurGroupe: z.string().nullable(),
  /** The slot its group chooses at (the latest of its accepted members'); null unless it accepted. */
  creneauGroupe: z.string().nullable(),
  idReservation: z.number().nullable(),
  etat: z.enum(CHOOSER_STATES),
  /**
   * Its bed of the session once it has one (chosen or given by staff): cité, building, room; while
   * it holds a room and has no bed yet, the held room.
   */
  lieu: z.string().nullable(),
  /** The end of its running hold (ISO), null when it holds nothing. */
  finReservation: z.string().nullable(),
});
export type FollowRow = z.infer<typeof followRow>;
export const followAnswer = z.array(followRow);
export const followParams = campaignParams;

/** `GET campus/choix-chambre/campagne/{idCampagne}/compteurs`: the choosers in each state. */
export const followCounts = z.object({
  CHOISI: z.number(),
  EN_RESERVATION: z.number(),
  EN_ATTENTE: z.number(),
  PAS_ENCORE_OUVERT: z.number(),
  SANS_CHOIX: z.number(),
  total: z.number(),
});
export type FollowCounts = z.infer<typeof followCounts>;
