import { messages } from '../../../domain/messages';

/**
 * The client's checks of a proof before anything is sent (workflow specification §5, CONTRACT §5),
 * with the catalogue's inline messages: the name ends in `.pdf` (any case), the file holds at most
 * 3,000,000 bytes and its first bytes are `%PDF-`. The server checks the same again.
 */
export const MAX_PROOF_BYTES = 3_000_000;

/** The name and size rules (no reading): the message to show, or null. */
export function proofRefusal(file: { name: string; size: number }): string | null {
  if (!/\.pdf$/i.test(file.name.trim())) return messages.fichierPdfAttendu;
  if (file.size > MAX_PROOF_BYTES) return messages.fichierTaille;
  if (file.size === 0) return messages.fichierPdfAttendu;
  return null;
}

async function firstBytes(file: Blob, n: number): Promise<string> {
  const slice = file.slice(0, n);
  const buffer =
    typeof slice.arrayBuffer === 'function'
      ? await slice.arrayBuffer()
      : await new Response(slice).arrayBuffer();
  return String.fromCharCode(...new Uint8Array(buffer));
}

/** Every rule, the first bytes included: the message to show, or null. */
export async function checkProof(file: File): Promise<string | null> {
  const refusal = proofRefusal(file);
  if (refusal) return refusal;
  try {
    return (await firstBytes(file, 5)) === '%PDF-' ? null : messages.fichierPdfAttendu;
  } catch {
    return messages.fichierIllisible;
  }
}
