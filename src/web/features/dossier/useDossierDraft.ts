import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { DepositForm } from '../../../domain/schemas/dossier';
import { readDraft, writeDraft, type Draft, type DraftChoice } from './draft';

/** What the student chose for one criterion type (kept on the phone: draft.ts). */
export type Choice = DraftChoice;

export type Choices = Record<number, Choice>;

/** No file held for a type: none chosen, none uploading, none uploaded. */
export const NO_FILE = { file: null, uploadUrl: null, televersement: null } as const;

/** The choices of the form's types, from the dossier edited (or empty), then from a kept draft. */
export function initialChoices(
  form: DepositForm,
  previous: (idTypeCritere: number) => { idCritere?: number | null } | undefined,
): Choices {
  const out: Choices = {};
  for (const t of form.listeDossierCritere)
    out[t.idTypeCritere] = { idCritere: previous(t.idTypeCritere)?.idCritere ?? null, ...NO_FILE };
  return out;
}

/** A kept draft's choices laid over the form's: only the types and criteria the form still has. */
function restoredChoices(form: DepositForm, base: Choices, draft: Draft): Choices {
  const out = { ...base };
  for (const t of form.listeDossierCritere) {
    const kept = draft.choices[t.idTypeCritere];
    if (!kept) continue;
    const critere = t.listeCritere.find((c) => c.idCritere === kept.idCritere);
    if (kept.idCritere !== null && !critere) continue;
    // A file only for a criterion that still asks for one.
    out[t.idTypeCritere] = critere?.obligatoire ? { ...kept } : { idCritere: kept.idCritere, ...NO_FILE };
  }
  return out;
}

export interface DossierDraft {
  choices: Choices;
  /** The choices as last set (read by callbacks that outlive a render). */
  choicesRef: MutableRefObject<Choices>;
  /** Sets the choices and writes them to the draft. */
  setChoices: (update: (c: Choices) => Choices) => void;
  /** 'Déposer' was pressed and the deposit not yet answered (kept in the draft). */
  submitted: boolean;
  submittedRef: MutableRefObject<boolean>;
  /** Sets `submitted` and writes it to the draft. */
  setSubmittedKept: (value: boolean) => void;
  /** A draft with a file or an asked deposit was found on this phone. */
  restored: boolean;
  /** The student changed something: a draft read after that is not laid over it. */
  touched: MutableRefObject<boolean>;
  /** The draft's writes, in order: awaited before the draft is removed. */
  saving: MutableRefObject<Promise<void>>;
}

/**
 * The form's choices and its 'Déposer' asked, kept on the phone (draft.ts) under `key`: every
 * change is written to the draft, in order; the draft kept from before is read once per form and
 * laid over the form's choices unless the student has begun meanwhile, then `onRestored` gets the
 * restored choices (to resume their uploads). Nothing is written once the form is gone.
 */
export function useDossierDraft(
  form: DepositForm,
  key: string,
  initial: () => Choices,
  onRestored: (next: Choices) => void,
): DossierDraft {
  const [choices, setChoicesState] = useState<Choices>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [restored, setRestored] = useState(false);

  const choicesRef = useRef(choices);
  const submittedRef = useRef(submitted);
  const mounted = useRef(true);
  const touched = useRef(false);
  const saving = useRef(Promise.resolve());

  const keep = (next: Choices, nextSubmitted: boolean) => {
    choicesRef.current = next;
    submittedRef.current = nextSubmitted;
    // Gone (signed out, or another page): nothing written after the drafts were removed.
    if (!mounted.current) return;
    const draft: Draft = { key, choices: next, submitted: nextSubmitted, savedAt: Date.now() };
    saving.current = saving.current.then(() => writeDraft(draft));
  };
  const setChoices = (update: (c: Choices) => Choices) => {
    const next = update(choicesRef.current);
    setChoicesState(next);
    keep(next, submittedRef.current);
  };
  const setSubmittedKept = (value: boolean) => {
    setSubmitted(value);
    keep(choicesRef.current, value);
  };

  // The draft kept on this phone, if any: its choices and files back, and a deposit asked before.
  useEffect(() => {
    let live = true;
    void readDraft(key).then((draft) => {
      // Not over what the student has begun meanwhile (the draft read late).
      if (!live || !draft || touched.current) return;
      const next = restoredChoices(form, choicesRef.current, draft);
      setChoicesState(next);
      choicesRef.current = next;
      setRestored(Object.values(next).some((c) => c.file !== null) || draft.submitted);
      onRestored(next);
      if (draft.submitted) {
        submittedRef.current = true;
        setSubmitted(true);
      }
    });
    mounted.current = true;
    return () => {
      live = false;
      mounted.current = false;
    };
    // The draft is read once per form.
  }, [key]);

  return {
    choices,
    choicesRef,
    setChoices,
    submitted,
    submittedRef,
    setSubmittedKept,
    restored,
    touched,
    saving,
  };
}
