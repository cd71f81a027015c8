import type { MotifRetrait, ReponseEtudiant } from '../../../domain/enums';
import { api } from '../../lib/api';

/** The offer calls (CONTRACT §6 bis). */
export const offerPaths = {
  reponse: (idDossier: number) => `campus/dossier/${idDossier}/reponse`,
  retrait: (idDossier: number) => `campus/dossier/${idDossier}/retrait`,
  historique: (idDossier: number) => `campus/dossier/${idDossier}/historique`,
  compteurs: 'campus/etudiant-admis/compteurs',
} as const;

/** react-query keys: every offer read sits under `['offre', …]`, so that an answer or a withdrawal reloads them all. */
export const offerKeys = {
  all: ['offre'] as const,
  historique: (idDossier: number) => ['offre', 'historique', idDossier] as const,
  compteurs: (idSessionCenou: number, idDirection: number) =>
    ['offre', 'compteurs', idSessionCenou, idDirection] as const,
};

/** One event of a dossier's history (`GET campus/dossier/{id}/historique`). */
export interface EvenementDossierLu {
  evenement: string;
  date: string;
  auteur: string | null;
  motif: string | null;
  commentaire: string | null;
}

/** `GET campus/etudiant-admis/compteurs`. */
export interface CompteursOffres {
  enAttente: number;
  acceptes: number;
  refuses: number;
  expires: number;
  retires: number;
  promus: number;
}

export const repondre = (idDossier: number, reponse: ReponseEtudiant) =>
  api.post<unknown>(offerPaths.reponse(idDossier), { reponse });

export const retirer = (idDossier: number, motif: MotifRetrait, commentaire: string) =>
  api.post<unknown>(offerPaths.retrait(idDossier), {
    motif,
    ...(commentaire.trim() ? { commentaire: commentaire.trim() } : {}),
  });

export const fetchHistorique = async (idDossier: number, signal?: AbortSignal) =>
  (await api.get<EvenementDossierLu[] | null>(offerPaths.historique(idDossier), undefined, signal)) ?? [];

export const fetchCompteurs = (idSessionCenou: number, idDirection: number, signal?: AbortSignal) =>
  api.get<CompteursOffres>(offerPaths.compteurs, { idSessionCenou, idDirection }, signal);
