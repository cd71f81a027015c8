/**
 * The values that rule the platform, each written once. The server's limits and checks, the web
 * client's checks before sending, the SQL parameters and the catalogue's texts that state a value
 * (`messages.ts` builds them from these when it loads) all read it here: change a value here and
 * everything that enforces or tells it follows. No imports: the catalogue and the database schema
 * load this module.
 */

/** A proof's largest size, in bytes (3 MB in decimal units, as docs/messages.md#figures counts). */
export const PDF_MAX_BYTES = 3_000_000;

/**
 * A resumable proof upload (tus, docs/decisions/019-resumable-uploads.md) is removed this many
 * hours after its last byte when no deposit has used it; a student has at most
 * UPLOADS_IN_PROGRESS_MAX uploads not yet used at a time.
 */
export const UPLOAD_EXPIRY_HOURS = 24;
export const UPLOADS_IN_PROGRESS_MAX = 30;

/**
 * A proof given as photos (docs/decisions/020-photos-into-pdf.md): each photo becomes one JPEG page
 * of at most PHOTO_PAGE_MAX_BYTES, scaled to at most PHOTO_MAX_SIDE pixels on its longest side,
 * before the pages make one PDF on the phone (which PDF_MAX_BYTES still bounds).
 */
export const PHOTO_PAGE_MAX_BYTES = 300_000;
export const PHOTO_MAX_SIDE = 1600;

/** A JSON body's largest size, in bytes (a deposit in JSON may add its proofs to it). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** The shortest password a person may choose (account creation by an admin, own change, ADMIN_PASSWORD). */
export const PASSWORD_MIN_LENGTH = 8;

/** A forgotten password's code (docs/accounts.md#forgotten-password): its digits, its life, its tries. */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

/** An INE is INE_MIN_LENGTH to INE_MAX_LENGTH letters and digits (the format is not published). */
export const INE_MIN_LENGTH = 6;
export const INE_MAX_LENGTH = 20;

/** The longest comment of an admission's withdrawal, in characters. */
export const WITHDRAWAL_COMMENT_MAX_LENGTH = 1000;

/** Averages (the bac's, the dossier's) are out of this (0 to 20). */
export const GRADE_SCALE = 20;

/**
 * A CSV upload (the registry's import, the admissible lists) is sent as base64 in a JSON body of
 * at most CSV_BODY_MAX_BYTES; base64 makes the file a third bigger, and the JSON around it takes
 * at most CSV_BODY_OVERHEAD_BYTES. The client refuses a larger file before sending it.
 */
export const CSV_BODY_MAX_BYTES = 20 * 1024 * 1024;
const CSV_BODY_OVERHEAD_BYTES = 4096;
export const CSV_FILE_MAX_BYTES = Math.floor(((CSV_BODY_MAX_BYTES - CSV_BODY_OVERHEAD_BYTES) * 3) / 4);

/** Paged lists: the largest page a call may ask for, and the size of a page it did not size. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

/** The hours a student has to answer an offer, unless the session says otherwise. */
export const OFFER_RESPONSE_HOURS_DEFAULT = 72;

/** The agency's rules (docs/agency-rules.md): academic years of stay at most… */
export const MAX_STAY_YEARS = 2;
/** …and with a VALIDE criterion flagged `handicap`. */
export const MAX_STAY_YEARS_HANDICAP = 4;
/** A session's share of each list's places kept for women, in percent, by default. */
export const PART_FEMMES_DEFAULT = 60;

/**
 * Rent (docs/rent.md): a session bills MOIS_LOYER_DEFAULT monthly instalments unless it says
 * otherwise (1 to MOIS_LOYER_MAX), the first one due on PREMIERE_ECHEANCE_JOUR of
 * PREMIERE_ECHEANCE_MOIS of the session's first year unless it names another date.
 */
export const MOIS_LOYER_DEFAULT = 10;
export const MOIS_LOYER_MAX = 12;
export const PREMIERE_ECHEANCE_MOIS = 11;
export const PREMIERE_ECHEANCE_JOUR = 5;
/**
 * The months the cités are closed (1 August to 30 September; the home page's « Bon à savoir »
 * says so): no instalment is owed in them (docs/rent.md#instalments).
 */
export const MOIS_FERMETURE_CITES: readonly number[] = [8, 9];
/**
 * The grace after an assignment (docs/rent.md#instalments): an instalment due within these days
 * after the assignment's day is due on the grace's last day instead.
 */
export const DELAI_PREMIERE_ECHEANCE_JOURS = 7;
/** A receipt book's number: at most this many characters. */
export const NUMERO_RECU_MAX_LENGTH = 40;
/** Amounts in whole FCFA: one payment at most this (a year of the dearest room many times over). */
export const MONTANT_MAX_FCFA = 10_000_000;

/** Life in the cité (docs/life-in-the-cite.md): a photo of an inventory, JPEG or PNG, shrunk on the phone. */
export const PHOTO_MAX_BYTES = 1_000_000;
/** Photos of one element of an inventory, at most. */
export const PHOTOS_PER_ELEMENT = 5;
/** Hours after the key is handed during which the resident fills its arrival inventory. */
export const INVENTORY_HOURS = 72;
