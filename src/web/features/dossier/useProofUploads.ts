import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { TypeCritereDepot } from '../../../domain/schemas/dossier';
import { ApiError, errorMessage } from '../../lib/api';
import { endProofUpload, startProofUpload, type ProofUpload } from './resumable';
import { NO_FILE, type Choice, type Choices } from './useDossierDraft';

/** Where a proof's upload stands (shown under its picker). */
export type ProofState =
  | { kind: 'envoi'; sent: number; total: number }
  | { kind: 'attente'; sent: number; total: number }
  | { kind: 'envoye'; total: number };

export interface ProofUploads {
  /** Each type's upload as it stands, by `idTypeCritere`. */
  proofs: Record<number, ProofState>;
  /** Sends (or resumes) the proof of this type, unless it is already up or going. */
  startUpload: (t: TypeCritereDepot, choice: Choice) => void;
  /** The proof of this type abandoned (another file, or a criterion without proof): ended there too. */
  stopUpload: (idTypeCritere: number) => void;
  /** The restored draft's proofs: those already up shown so, the others' uploads resumed. */
  resume: (types: TypeCritereDepot[], choices: Choices) => void;
}

/**
 * The proofs' resumable uploads (resumable.ts) of the deposit form: each one's progress, its
 * upload URL and then its upload's id written into the choices (`setChoices`). A proof the server
 * refuses is dropped from the choices and `onRefused` gets its message; a cut or an ended session
 * leaves the file in the draft, to go up again. Every upload stops (resumable) when the form goes
 * away or changes `key`.
 */
export function useProofUploads(opts: {
  key: string;
  choicesRef: MutableRefObject<Choices>;
  setChoices: (update: (c: Choices) => Choices) => void;
  onRefused: (t: TypeCritereDepot, message: string) => void;
}): ProofUploads {
  const { choicesRef, setChoices } = opts;
  const [proofs, setProofs] = useState<Record<number, ProofState>>({});
  const uploads = useRef(new Map<number, { file: File; upload: ProofUpload }>());

  const startUpload = (t: TypeCritereDepot, choice: Choice) => {
    const file = choice.file;
    if (!file || choice.televersement) return;
    const running = uploads.current.get(t.idTypeCritere);
    if (running?.file === file) return;
    running?.upload.stop();
    const id = t.idTypeCritere;
    setProofs((p) => ({ ...p, [id]: { kind: 'envoi', sent: 0, total: file.size } }));
    const upload = startProofUpload(file, id, choice.uploadUrl, {
      onProgress: (sent, total) =>
        setProofs((p) => ({ ...p, [id]: { kind: 'envoi', sent: Math.min(sent, total), total } })),
      onUrl: (url) =>
        setChoices((c) => (c[id]?.file === file ? { ...c, [id]: { ...c[id], uploadUrl: url } } : c)),
      onWaiting: (waiting) =>
        setProofs((p) => {
          const now = p[id];
          if (!now || now.kind === 'envoye') return p;
          return { ...p, [id]: { kind: waiting ? 'attente' : 'envoi', sent: now.sent, total: now.total } };
        }),
    });
    uploads.current.set(id, { file, upload });
    upload.done.then(
      (televersement) => {
        if (uploads.current.get(id)?.upload !== upload) return;
        uploads.current.delete(id);
        setProofs((p) => ({ ...p, [id]: { kind: 'envoye', total: file.size } }));
        setChoices((c) => (c[id]?.file === file ? { ...c, [id]: { ...c[id], televersement } } : c));
      },
      (err: unknown) => {
        if (uploads.current.get(id)?.upload !== upload) return;
        uploads.current.delete(id);
        // The session is over (401: back to the sign-in): the file stays in the draft, and goes
        // up once the student is back.
        if (err instanceof ApiError && (err.status === 0 || err.status === 401)) return;
        // Refused by the server (its message): the file is not kept, as a file refused here.
        setProofs((p) => {
          const next = { ...p };
          delete next[id];
          return next;
        });
        setChoices((c) => ({
          ...c,
          [id]: { ...c[id], ...NO_FILE },
        }));
        opts.onRefused(t, errorMessage(err));
      },
    );
  };

  const stopUpload = (idTypeCritere: number) => {
    const running = uploads.current.get(idTypeCritere);
    running?.upload.stop(true);
    const kept = choicesRef.current[idTypeCritere];
    if (!running && kept?.televersement && kept.uploadUrl) void endProofUpload(kept.uploadUrl);
    uploads.current.delete(idTypeCritere);
    setProofs((p) => {
      const next = { ...p };
      delete next[idTypeCritere];
      return next;
    });
  };

  const resume = (types: TypeCritereDepot[], choices: Choices) => {
    for (const t of types) {
      const c = choices[t.idTypeCritere];
      if (c?.file && c.televersement)
        setProofs((p) => ({ ...p, [t.idTypeCritere]: { kind: 'envoye', total: c.file!.size } }));
      else if (c?.file) startUpload(t, c);
    }
  };

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const { upload } of running.values()) upload.stop();
      running.clear();
    };
  }, [opts.key]);

  return { proofs, startUpload, stopUpload, resume };
}
