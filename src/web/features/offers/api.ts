import type { MotifRetrait, ReponseEtudiant } from '../../../domain/enums';
import type {
  DossierEvent,
  OfferAnswerBody,
  OfferCounts,
  OfferCountsQuery,
  OfferRead,
  OfferWithdrawBody,
} from '../../../domain/schemas/offers';
import { api, type Query } from '../../lib/api';
import { paths } from '../../lib/paths';

/** The offer calls: the student's answer, the withdrawal, a dossier's history, the counts. */

/** react-query keys: every offer read sits under `['offre', …]`, so that an answer or a withdrawal reloads them all. */
export const offerKeys = {
  all: ['offre'] as const,
  historique: (idDossier: number) => ['offre', 'historique', idDossier] as const,
  compteurs: (idSessionCenou: number, idDirection: number) =>
    ['offre', 'compteurs', idSessionCenou, idDirection] as const,
};

export const repondre = (idDossier: number, reponse: ReponseEtudiant) =>
  api.post<OfferRead>(paths.api.dossier.reponse(idDossier), { reponse } satisfies OfferAnswerBody);

export const retirer = (idDossier: number, motif: MotifRetrait, commentaire: string) =>
  api.post<OfferRead>(paths.api.dossier.retrait(idDossier), {
    motif,
    ...(commentaire.trim() ? { commentaire: commentaire.trim() } : {}),
  } satisfies OfferWithdrawBody);

export const fetchHistorique = async (idDossier: number, signal?: AbortSignal) =>
  (await api.get<DossierEvent[] | null>(paths.api.dossier.historique(idDossier), undefined, signal)) ?? [];

export const fetchCompteurs = (idSessionCenou: number, idDirection: number, signal?: AbortSignal) =>
  api.get<OfferCounts>(
    paths.api.admissibles.compteurs,
    { idSessionCenou, idDirection } satisfies OfferCountsQuery & Query,
    signal,
  );
