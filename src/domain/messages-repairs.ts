/**
 * The catalogue's texts of the repairs pages (docs/life-in-the-cite.md#repairs): a part of the one
 * catalogue (docs/messages.md), in its own module so that only those pages load them. The same
 * rules: no-break space (U+00A0) before : ; ! ?, the apostrophe ’.
 */
import { PHOTOS_PAR_INTERVENTION, STATUTS_OUVERTS, type StatutIntervention } from './repairs';

export const repairMessages = {
  signalerTitre: 'Signaler un problème',
  signalerIntro:
    'Décrivez le problème de votre chambre ou d’un lieu commun de votre cité\u00a0: l’agent de la cité est prévenu et vous suivez votre demande dans «\u00a0Mes demandes\u00a0».',
  aucunLieu: 'Vous n’avez pas de chambre en cité pour le moment\u00a0: vous ne pouvez rien signaler.',
  ou: 'Où\u00a0?',
  maChambre: 'Ma chambre',
  lieuCommun: 'Un lieu commun de la cité',
  chambre: 'Chambre',
  cite: 'Cité',
  lieu: 'Lieu commun',
  categorie: 'Catégorie',
  priorite: 'Priorité',
  etat: 'État',
  prioriteAide:
    'Urgence\u00a0: traitée sous 24\u00a0heures\u00a0; haute\u00a0: 72\u00a0heures\u00a0; normale\u00a0: 7\u00a0jours.',
  description: 'Description',
  descriptionAide: 'Ce qui ne va pas, depuis quand, où exactement.',
  photos: `Photos (facultatives, ${PHOTOS_PAR_INTERVENTION} au plus)`,
  photoEnvoi: 'envoi…',
  photoAttente: 'en attente du réseau…',
  photoEnvoyee: 'envoyée',
  photoRetirer: 'Retirer',
  photosEnCours: 'Attendez la fin de l’envoi des photos.',
  photosEchouees: 'Une photo n’a pas pu être envoyée\u00a0: retirez-la ou choisissez-la de nouveau.',
  envoyer: 'Envoyer la demande',
  choisir: 'Choisir…',
  champObligatoire: 'Ce champ est obligatoire.',
  mesDemandesTitre: 'Mes demandes',
  listeTitre: 'Demandes d’intervention',
  listeIntroAgent: 'Les demandes de vos cités, la plus proche de son échéance d’abord.',
  listeIntroStaff: 'Les demandes des cités, en lecture seule.',
  nouvelleDemande: 'Signaler un problème',
  colonneNumero: 'N°',
  colonneOu: 'Où',
  colonneEcheance: 'Échéance',
  /** The list's column: « Oui » (open, late), « Résolue en retard », « Non »; never « En retard » twice on a phone. */
  colonneRetard: 'Délai dépassé',
  oui: 'Oui',
  non: 'Non',
  ouvrir: 'Ouvrir',
  demandeTitre: 'Demande n°\u00a0{numero}',
  signaleePar: 'Signalée par {auteur} le {date}.',
  echeance: 'À traiter avant le {date}.',
  enRetard: 'En retard',
  resolueEnRetard: 'Résolue en retard',
  cloture: 'Vous pouvez la confirmer ou la rouvrir jusqu’au {date}\u00a0; elle sera close ensuite.',
  clotureAutres:
    'Le résident peut la confirmer ou la rouvrir jusqu’au {date}\u00a0; elle sera close ensuite.',
  clotureSansResidant: 'Elle sera close automatiquement le {date}.',
  historique: 'Historique',
  parSysteme: 'automatiquement',
  commentaireCite: '\u00a0: «\u00a0{commentaire}\u00a0»',
  commentaire: 'Commentaire (facultatif)',
  actions: {
    PRISE_EN_CHARGE: 'Prendre en charge',
    RESOLUE: 'Marquer comme résolue',
    CLOTUREE: 'Confirmer la résolution',
    REOUVERTE: 'Rouvrir la demande',
    NOUVELLE: '',
  },
  photoAlt: 'Photo {n} de la demande',
  retourListe: 'Retour à la liste',
  parCiteTitre: 'Occupation et demandes d’intervention par cité',
  colonneLits: 'Lits',
  colonneLitsOccupes: 'Attribués',
  colonneTaux: 'Occupation',
  colonneOuvertes: 'Ouvertes',
  colonneRetards: 'Ouvertes en retard',
  colonneDelai: 'Délai médian de résolution (heures)',
} as const;

/**
 * A request's lateness in words, one rule for its page and the lists: nothing when on time,
 * « En retard » while it is open, « Résolue en retard » once resolved or closed past its deadline.
 */
export function lateWords(r: { enRetard: boolean; statut: StatutIntervention }): string | null {
  if (!r.enRetard) return null;
  return STATUTS_OUVERTS.includes(r.statut) ? repairMessages.enRetard : repairMessages.resolueEnRetard;
}
