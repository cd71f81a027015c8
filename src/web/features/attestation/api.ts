import type { AttestationCheck } from '../../../domain/schemas/assignment';
import { ApiError, apiFetch } from '../../lib/api';
import { paths } from '../../lib/paths';

/** The public check of a certificate's code: null when no certificate bears it (404). */
export async function verifierAttestation(
  code: string,
  signal?: AbortSignal,
): Promise<AttestationCheck | null> {
  try {
    const res = await apiFetch(paths.api.affectation.verifier(code), { signal, auth: false });
    return (await res.json()) as AttestationCheck;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}
