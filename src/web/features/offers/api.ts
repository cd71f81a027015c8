import type { MotifRetrait, ReponseEtudiant } from '../../../domain/enums';
import { answerOf, apiClient } from '../../lib/client';

/**
 * The offer calls: the student's answer, the withdrawal, a dossier's history, the counts. Paths,
 * parameters and answers are typed by the API's description (lib/client.ts).
 */

/** react-query keys: every offer read sits under `['offre', …]`, so that an answer or a withdrawal reloads them all. */
export const offerKeys = {
  all: ['offre'] as const,
  historique: (idDossier: number) => ['offre', 'historique', idDossier] as const,
  compteurs: (idSessionCenou: number, idDirection: number) =>
    ['offre', 'compteurs', idSessionCenou, idDirection] as const,
};

export const repondre = (idDossier: number, reponse: ReponseEtudiant) =>
  answerOf(
    apiClient.POST('/campus/dossier/{idDossier}/reponse', {
      params: { path: { idDossier } },
      body: { reponse },
    }),
  );

export const retirer = (idDossier: number, motif: MotifRetrait, commentaire: string) =>
  answerOf(
    apiClient.POST('/campus/dossier/{idDossier}/retrait', {
      params: { path: { idDossier } },
      body: { motif, ...(commentaire.trim() ? { commentaire: commentaire.trim() } : {}) },
    }),
  );

export const fetchHistorique = async (idDossier: number, signal?: AbortSignal) =>
  (await answerOf(
    apiClient.GET('/campus/dossier/{idDossier}/historique', { params: { path: { idDossier } }, signal }),
  )) ?? [];

export const fetchCompteurs = (idSessionCenou: number, idDirection: number, signal?: AbortSignal) =>
  answerOf(
    apiClient.GET('/campus/etudiant-admis/compteurs', {
      params: { query: { idSessionCenou, idDirection } },
      signal,
    }),
  );
