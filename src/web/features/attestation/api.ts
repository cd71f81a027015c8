import { ApiError } from '../../lib/api';
import { answerOf, publicClient } from '../../lib/client';

/** The public check of a certificate's code: null when no certificate bears it (404). */
export async function verifierAttestation(code: string, signal?: AbortSignal) {
  try {
    return await answerOf(
      publicClient.GET('/campus-auth/attestation/{code}', { params: { path: { code } }, signal }),
    );
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}
