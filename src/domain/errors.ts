import type { MessageKey } from './messages';

/** Error codes of docs/api.md with their HTTP status and default message. */
export const ERROR_CODES = {
  VALIDATION: { status: 400, message: 'erreurValidation' },
  NON_AUTHENTIFIE: { status: 401, message: 'erreurNonAuthentifie' },
  IDENTIFIANTS_INVALIDES: { status: 401, message: 'identifiantsInvalides' },
  INTERDIT: { status: 403, message: 'erreurInterdit' },
  INTROUVABLE: { status: 404, message: 'erreurIntrouvable' },
  DOUBLON: { status: 409, message: 'erreurDoublon' },
  REFERENCE_UTILISEE: { status: 409, message: 'erreurReferenceUtilisee' },
  SESSION_FERMEE: { status: 409, message: 'erreurSessionFermee' },
  /** Any other conflict with the current state (an assignment's rules, docs/assignment.md). */
  CONFLIT: { status: 409, message: 'erreurConflit' },
  /** A known path called with a method it does not take (the answer says which in `Allow`). */
  METHODE_NON_AUTORISEE: { status: 405, message: 'erreurMethodeNonAutorisee' },
  FICHIER_TROP_GRAND: { status: 413, message: 'erreurFichierTropGrand' },
  TYPE_FICHIER: { status: 415, message: 'erreurTypeFichier' },
  TROP_DE_TENTATIVES: { status: 429, message: 'erreurTropDeTentatives' },
  /** A service the call depends on does not answer (the mobile-money provider, docs/payments.md). */
  INDISPONIBLE: { status: 503, message: 'erreurServiceIndisponible' },
  /** A resumable upload (tus) asking for a protocol version other than 1.0.0 (the answer names it in `Tus-Version`). */
  VERSION_NON_PRISE_EN_CHARGE: { status: 412, message: 'erreurVersionProtocole' },
} as const satisfies Record<string, { status: number; message: MessageKey }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  champ: string;
  message: string;
  ligne?: number;
}

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode | 'ERREUR_INTERNE' | 'INDISPONIBLE';
  errors?: FieldError[];
}
