/**
 * The client's checks of a proof before anything is sent: the domain's rules (`domain/proof.ts`, the
 * very ones the server enforces again: the name ends in `.pdf` in any case, at most PDF_MAX_BYTES,
 * the first bytes `%PDF-`), with the catalogue's inline messages.
 */
import { messages } from '../../../domain/messages';
import { PDF_MAGIC, proofRefusal as domainRefusal, type ProofRefusal } from '../../../domain/proof';

/** The inline message of a refusal of the domain's rules. */
const inline = (r: ProofRefusal | null): string | null =>
  r === null ? null : r.code === 'FICHIER_TROP_GRAND' ? messages.fichierTaille : messages.fichierPdfAttendu;

/** The name and size rules (no reading): the message to show, or null. */
export const proofRefusal = (file: { name: string; size: number }): string | null =>
  inline(domainRefusal(file));

async function firstBytes(file: Blob, n: number): Promise<Uint8Array> {
  const slice = file.slice(0, n);
  const buffer =
    typeof slice.arrayBuffer === 'function'
      ? await slice.arrayBuffer()
      : await new Response(slice).arrayBuffer();
  return new Uint8Array(buffer);
}

/** Every rule, the first bytes included: the message to show, or null. */
export async function checkProof(file: File): Promise<string | null> {
  const refusal = proofRefusal(file);
  if (refusal) return refusal;
  try {
    return inline(
      domainRefusal({ name: file.name, size: file.size, head: await firstBytes(file, PDF_MAGIC.length) }),
    );
  } catch {
    return messages.fichierIllisible;
  }
}

/**
 * Whether a chosen file is a photo (JPEG or PNG, by its first bytes, never by its name or type):
 * the form makes it a one-page PDF as « Prendre des photos » does.
 */
export async function isPhoto(file: Blob): Promise<boolean> {
  try {
    const b = await firstBytes(file, 8);
    if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    return b.length >= png.length && png.every((x, i) => b[i] === x);
  } catch {
    return false;
  }
}
