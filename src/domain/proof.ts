/**
 * A proof's rules (docs/sessions-and-dossiers.md#the-deposit), pure code without dependencies, shared
 * by the server (which enforces them whatever the client sends) and the web client (inline checks
 * before anything is sent, without pulling the deposit's schemas into the page's first load).
 */
import { PDF_MAX_BYTES } from './limits';
import type { MessageKey } from './messages';

export { PDF_MAX_BYTES };
/** Every PDF starts with these bytes. */
export const PDF_MAGIC = '%PDF-';
/** Longest name kept for display (characters). */
export const DISPLAY_NAME_MAX = 150;
/** The name ends in `.pdf`, any case. */
export const hasPdfName = (name: string | null | undefined): boolean =>
  typeof name === 'string' && /\.pdf$/i.test(name.trim());

/** The bytes start with `%PDF-`. */
export function hasPdfMagic(head: Uint8Array): boolean {
  if (head.length < PDF_MAGIC.length) return false;
  for (let i = 0; i < PDF_MAGIC.length; i++) if (head[i] !== PDF_MAGIC.charCodeAt(i)) return false;
  return true;
}

export type ProofRefusal =
  | { code: 'TYPE_FICHIER'; status: 415; message: MessageKey }
  | { code: 'FICHIER_TROP_GRAND'; status: 413; message: MessageKey };

const notPdf: ProofRefusal = { code: 'TYPE_FICHIER', status: 415, message: 'fichiersPdfSeulement' };
const tooBig: ProofRefusal = { code: 'FICHIER_TROP_GRAND', status: 413, message: 'fichierTropGrand' };

/**
 * Why a proof is refused, or null: the name must end in `.pdf` (415), the size be at most
 * PDF_MAX_BYTES (413) and the first bytes `%PDF-` (415). `head` may be only the first bytes
 * (a client checks them before sending; the server sees them while storing).
 */
export function proofRefusal(file: { name: string | null | undefined; size: number; head?: Uint8Array }) {
  if (!hasPdfName(file.name)) return notPdf;
  if (file.size > PDF_MAX_BYTES) return tooBig;
  if (file.head && !hasPdfMagic(file.head)) return notPdf;
  if (file.size === 0) return notPdf;
  return null;
}

/**
 * The proof's name as kept for display: path parts (`../`, `C:\…\`) and control characters
 * removed, spaces folded, at most DISPLAY_NAME_MAX characters with the `.pdf` ending kept. The name
 * is never used as a storage path (keys are opaque).
 */
export function safeDisplayName(name: string | null | undefined): string {
  const raw = String(name ?? '').normalize('NFC');
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, '');
  clean = clean.replace(/\s+/g, ' ').trim().replace(/^\.+/, '').trim();
  if (clean.length > DISPLAY_NAME_MAX) {
    const ext = /\.pdf$/i.test(clean) ? clean.slice(-4) : '';
    clean = clean.slice(0, DISPLAY_NAME_MAX - ext.length) + ext;
  }
  return clean || 'justificatif.pdf';
}

/**
 * A photo's name saying what its bytes are: `.png` for PNG bytes, `.jpg` for JPEG ones (`.jpeg`
 * kept as it is). A photo shrunk on the phone to JPEG is named `.jpg` whatever it was; one kept as
 * it was keeps its own extension; the server names a finished upload by its bytes the same way.
 */
export function photoFileName(name: string, type: string): string {
  const ext = type === 'image/png' ? 'png' : type === 'image/jpeg' ? 'jpg' : null;
  if (ext === null) return name;
  const current = /\.(jpe?g|png)$/i.exec(name)?.[1].toLowerCase();
  if (current === ext || (ext === 'jpg' && current === 'jpeg')) return name;
  return `${name.replace(/\.[^.]*$/, '') || 'photo'}.${ext}`;
}
