import { useCallback, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import { apiClient } from '../../lib/client';
import { fill } from '../../lib/format';
import { PdfViewer } from './PdfViewer';

/** A criterion of a dossier as the tables of criteria list it, with its proof's name if any. */
export interface ProofOf {
  idDossierCritere: number;
  nomFichier: string | null;
}

/** A proof's bytes, fetched with the bearer token (never put in a URL). */
export async function fetchProof(idDossier: number, idDossierCritere: number): Promise<Blob> {
  const { data } = await apiClient.GET('/campus/dossier/{idDossier}/{idDossierCritere}', {
    params: { path: { idDossier, idDossierCritere } },
    parseAs: 'blob',
  });
  return data ?? new Blob([]);
}

/** The eye button that opens a criterion's proof, or 'Aucun justificatif'. */
export function ProofButton<C extends ProofOf>(props: { critere: C; onOpen: (c: C) => void }) {
  const { critere } = props;
  if (!critere.nomFichier) return <>{messages.aucunJustificatif}</>;
  const label = fill(messages.voirJustificatif, { nom: critere.nomFichier });
  return (
    <button
      type="button"
      className="p-button p-component p-button-outlined p-button-sm"
      onClick={() => props.onOpen(critere)}
      aria-label={label}
      title={label}
    >
      <i className="pi pi-eye" aria-hidden="true" />
      <span className="file-name">{critere.nomFichier}</span>
    </button>
  );
}

/** The viewer of the proof chosen in a dossier's table of criteria, or nothing. */
export function useProofViewer(idDossier: number): {
  open: (c: ProofOf) => void;
  viewer: ReactNode;
} {
  const [shown, setShown] = useState<ProofOf | null>(null);
  const load = useCallback(
    () => (shown ? fetchProof(idDossier, shown.idDossierCritere) : Promise.reject(new Error('aucun'))),
    [idDossier, shown],
  );
  const close = useCallback(() => setShown(null), []);
  return {
    open: setShown,
    viewer: shown ? (
      <PdfViewer key={shown.idDossierCritere} name={shown.nomFichier ?? ''} load={load} onClose={close} />
    ) : null,
  };
}
