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
