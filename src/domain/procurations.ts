import type { Permission } from './permissions';

/**
 * One-task procurations (docs/procurations.md): a student lets a helper (a relative, a
 * cybercafé) do one thing for it for a few hours, with a code it passes on, without sharing its
 * password. What a helper's session may call is listed here, per task; the server's one access
 * check refuses every other call (src/server/access/access.ts).
 */

export const TACHES_PROCURATION = ['DEPOT', 'PAIEMENT'] as const;
export type TacheProcuration = (typeof TACHES_PROCURATION)[number];

/** The states a student reads of its procurations. */
export const ETATS_PROCURATION = ['ACTIVE', 'UTILISEE', 'REVOQUEE', 'EXPIREE'] as const;
export type EtatProcuration = (typeof ETATS_PROCURATION)[number];

/** The signs of a code: capitals and digits without the look-alikes (0 O, 1 I L). */
export const CODE_PROCURATION_SIGNES = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_PROCURATION_LONGUEUR = 8;
/** A procuration lasts from 1 to this many hours. */
export const PROCURATION_DUREE_MAX_HEURES = 24;
/** A helper's session lasts at most this long (and never past its procuration's end). */
export const SESSION_AIDANT_MINUTES = 60;
/** Wrong codes for one INE within PROCURATION_FENETRE_MINUTES before the INE is refused (429). */
export const PROCURATION_ECHECS_MAX = 5;
export const PROCURATION_FENETRE_MINUTES = 60;
/** Procurations a student may have active at once. */
export const PROCURATIONS_ACTIVES_MAX = 5;

/** A code as typed (spaces, dashes, small letters) in the form it is kept: `ABCD2345`. */
export function normalizeProcurationCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** A code shown to the student in two groups of four: `ABCD-2345`. */
export function formatProcurationCode(code: string): string {
  const c = normalizeProcurationCode(code);
  return c.length === CODE_PROCURATION_LONGUEUR ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/**
 * The calls a helper's session may make, per task, as `METHOD path` (the path as the server
 * registers it, below the API's base). Everything else is refused (403).
 */
export const HELPER_ROUTES: Record<TacheProcuration, readonly string[]> = {
  DEPOT: [
    'GET /campus/dossier/depot',
    'GET /campus/dossier/brouillon',
    'PUT /campus/dossier/brouillon',
    'OPTIONS /campus/televersement',
    'POST /campus/televersement',
    'HEAD /campus/televersement/:id',
    'PATCH /campus/televersement/:id',
    'DELETE /campus/televersement/:id',
  ],
  PAIEMENT: [
    'GET /campus/loyer/etudiant',
    'GET /campus/paiement/operateurs',
    'POST /campus/paiement',
    'GET /campus/paiement/:referencePaiement',
  ],
};

/**
 * The permissions a helper's session holds, per task (the services check them again): the
 * student's own, narrowed by HELPER_ROUTES to the calls above.
 */
export const HELPER_PERMISSIONS: Record<TacheProcuration, readonly Permission[]> = {
  DEPOT: ['dossier.read', 'dossier.deposit', 'dossier.draft', 'upload'],
  PAIEMENT: ['rent.own', 'payment.mobile', 'payment.read'],
};

/** Whether a helper of this task may make this call (`path` below the API's base). */
export function helperMayCall(tache: TacheProcuration, method: string, path: string): boolean {
  return HELPER_ROUTES[tache].includes(`${method.toUpperCase()} ${path}`);
}

/** A procuration's state at `now`. */
export function procurationState(
  p: { expireA: Date | string; utiliseeA: Date | string | null; revoqueeA: Date | string | null },
  now: Date = new Date(),
): EtatProcuration {
  if (p.revoqueeA) return 'REVOQUEE';
  if (p.utiliseeA) return 'UTILISEE';
  return new Date(p.expireA).getTime() <= now.getTime() ? 'EXPIREE' : 'ACTIVE';
}
