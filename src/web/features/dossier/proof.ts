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
