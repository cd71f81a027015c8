/** The assignment screens' pages (workflow specification §2; the spec's spelling of /afectation-lit kept). */
export const assignmentPaths = {
  cite: '/affectationcite',
  chambre: '/affectationchambre',
  lit: '/afectation-lit',
  /** The public certificate check the QR code opens. */
  attestation: '/attestation/:code',
  attestationDe: (code: string) => `/attestation/${encodeURIComponent(code)}`,
} as const;
