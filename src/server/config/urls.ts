import type { Config } from './env';

type UrlConfig = Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>;

/** Where people reach the web client: `PUBLIC_URL` when set, else the server's own address. */
const baseUrl = (config: UrlConfig) => config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`;

/** The web client's sign-in page, as mails link to it: `PUBLIC_URL` when set, else the server's own address. */
export function signinUrl(config: UrlConfig): string {
  return `${baseUrl(config)}/connexion`;
}

/** The public page that checks a certificate's code (the QR code's address, docs/assignment.md). */
export function attestationUrl(config: UrlConfig, code: string): string {
  return `${baseUrl(config)}/attestation/${encodeURIComponent(code)}`;
}

/** The student's dashboard (its dossiers, result, assignment and certificate), as mails link to it. */
export function tableauDeBordUrl(config: UrlConfig): string {
  return `${baseUrl(config)}/tableau-de-bord`;
}

/** The forgotten password's page (its code step), as the code's mail links to it. */
export function motDePasseOublieUrl(config: UrlConfig): string {
  return `${baseUrl(config)}/mot-de-passe-oublie`;
}

/**
 * The public page that checks a payment's receipt or a damage notice by its reference (their QR
 * code, docs/rent.md#receipts): anyone shown the paper may check it without an account.
 */
export function recuUrl(config: UrlConfig, referencePaiement: string): string {
  return `${baseUrl(config)}/recu/${encodeURIComponent(referencePaiement)}`;
}

/** The student's rent page, as the receipt's mail links to it. */
function monLoyerUrl(config: UrlConfig): string {
  return `${baseUrl(config)}/mon-loyer`;
}

/** The links a payment's receipt mail gives (docs/rent.md#receipts). */
export interface ReceiptLinks {
  recu(referencePaiement: string): string;
  monLoyer: string;
}

export const receiptLinks = (config: UrlConfig): ReceiptLinks => ({
  recu: (reference) => recuUrl(config, reference),
  monLoyer: monLoyerUrl(config),
});
