/**
 * The deposit form kept on the phone (docs/sessions-and-dossiers.md#on-a-weak-network): the criteria chosen, the proofs chosen (the
 * files themselves), where each proof's upload stands, and whether the student asked to deposit.
 * IndexedDB holds files as they are; a reload, a closed tab or a lost network loses nothing, and a
 * deposit asked offline is sent once the network is back. One draft per account and form (the
 * deposit of a session, or the edit of a dossier); sign-out removes every draft (`clearDrafts`).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** One criterion type's answer: the criterion chosen and, when it needs one, the new proof. */
export interface DraftChoice {
  idCritere: number | null;
  file: File | null;
  /** The proof's upload (tus), once created: resumed from there. */
  uploadUrl: string | null;
  /** The upload's id once every byte is on the server. */
  televersement: string | null;
}

export interface Draft {
  /** `<ine>:depot` or `<ine>:dossier-<id>`. */
  key: string;
  /** Per criterion type. */
  choices: Record<number, DraftChoice>;
  /** The student pressed 'Déposer': sent as soon as every proof is up and the network is there. */
  submitted: boolean;
  /** When it was last written (ms). */
  savedAt: number;
}

interface DraftDb extends DBSchema {
  brouillons: { key: string; value: Draft };
}

const DB_NAME = 'cenou-depot';

let opened: Promise<IDBPDatabase<DraftDb>> | null = null;

function db(): Promise<IDBPDatabase<DraftDb>> {
  opened ??= openDB<DraftDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('brouillons', { keyPath: 'key' });
    },
  });
  return opened;
}

/** Whether this browser keeps drafts (a private window may refuse IndexedDB). */
export const draftsAvailable = (): boolean => typeof indexedDB !== 'undefined';

export const draftKey = (ine: string, idDossier?: number): string =>
  idDossier === undefined ? `${ine}:depot` : `${ine}:dossier-${idDossier}`;

/** The draft kept under `key`, or null (none, or storage refused). */
export async function readDraft(key: string): Promise<Draft | null> {
  if (!draftsAvailable()) return null;
  try {
    return (await (await db()).get('brouillons', key)) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `draft` (storage refused or full: the form goes on in memory only). */
export async function writeDraft(draft: Draft): Promise<void> {
  if (!draftsAvailable()) return;
  try {
    await (await db()).put('brouillons', { ...draft, savedAt: Date.now() });
  } catch {
    /* kept in memory only */
  }
}

export async function removeDraft(key: string): Promise<void> {
  if (!draftsAvailable()) return;
  try {
    await (await db()).delete('brouillons', key);
  } catch {
    /* nothing kept */
  }
}

/** Every draft removed (sign-out: a shared computer keeps nothing of the student's). */
export async function clearDrafts(): Promise<void> {
  if (!draftsAvailable()) return;
  try {
    if (opened) (await opened).close();
    opened = null;
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase(DB_NAME);
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
  } catch {
    /* nothing kept */
  }
}
