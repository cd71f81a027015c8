import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRefused } from './provider';

/**
 * FedaPay's webhook signature (docs/payments.md#webhooks), as its Node SDK (`fedapay` 1.2.5,
 * `WebhookSignature`) computes and checks it: the header `X-FEDAPAY-SIGNATURE: t=<unix seconds>,s=<hex>`
 * where `<hex>` is the HMAC-SHA256, keyed by the webhook's secret, of `<t>.<raw body>`; several `s=`
 * may be given (one must match); the signature is compared in constant time; a timestamp older than
 * the tolerance (300 s) is refused. Two points are stricter than the SDK: a timestamp that is not a
 * whole number is refused (the SDK would read NaN and skip its age check), and so is one more than
 * the tolerance in the future.
 */
export const SIGNATURE_HEADER = 'x-fedapay-signature';
export const SIGNATURE_SCHEME = 's';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function computeSignature(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** The header a provider sends for this body at this time (the simulator's, and the tests'). */
export function signatureHeader(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},${SIGNATURE_SCHEME}=${computeSignature(`${timestamp}.${payload}`, secret)}`;
}

/** `t=…,s=…` → the timestamp and the signatures of the scheme (the SDK's `parseHeader`). */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } {
  const out = { timestamp: -1, signatures: [] as string[] };
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') out.timestamp = /^\d{1,12}$/.test(value ?? '') ? Number(value) : Number.NaN;
    if (key === SIGNATURE_SCHEME && value !== undefined) out.signatures.push(value);
  }
  return out;
}

function secureCompare(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Throws `WebhookRefused` unless the header signs this raw body with the secret, within the tolerance. */
export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  opts: { toleranceSeconds?: number; nowSeconds?: number } = {},
): void {
  if (typeof header !== 'string' || header === '') throw new WebhookRefused('no signature header');
  const details = parseSignatureHeader(header);
  if (details.timestamp === -1 || !Number.isFinite(details.timestamp))
    throw new WebhookRefused('unable to extract timestamp and signatures from header');
  if (!details.signatures.length) throw new WebhookRefused('no signatures found with expected scheme');
  const expected = computeSignature(`${details.timestamp}.${payload}`, secret);
  if (!details.signatures.some((s) => secureCompare(s, expected)))
    throw new WebhookRefused('no signatures found matching the expected signature for payload');
  const tolerance = opts.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const age = (opts.nowSeconds ?? Math.floor(Date.now() / 1000)) - details.timestamp;
  if (tolerance > 0 && (age > tolerance || age < -tolerance))
    throw new WebhookRefused('timestamp outside the tolerance zone');
}
