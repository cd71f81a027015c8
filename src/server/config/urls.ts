import type { Config } from './env';

/** The web client's sign-in page, as mails link to it: `PUBLIC_URL` when set, else the server's own address. */
export function signinUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return `${config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`}/connexion`;
}

/** The public page that checks a certificate's code (the QR code's address, CONTRACT §7). */
export function attestationUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>, code: string): string {
  return `${config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`}/attestation/${encodeURIComponent(code)}`;
}

/** The student's dashboard, where its assignment and certificate are. */
export function tableauDeBordUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return `${config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`}/tableau-de-bord`;
}
