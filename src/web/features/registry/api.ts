import type { RegistryImportBody } from '../../../domain/schemas/registry';
import { answerOf, apiClient, apiUrlOf } from '../../lib/client';

/**
 * The registry's calls, typed by the API's description (lib/client.ts); the paged list goes
 * through `useServerList` (`/campus/registre-etudiant`).
 */

/** The whole file or nothing: the rows added and updated, or the refused rows (400). */
export const importRegistry = (file: RegistryImportBody) =>
  answerOf(apiClient.POST('/campus/registre-etudiant/import', { body: file }));

/** The template to fill (public: a plain link). */
export const registryTemplateUrl = () => apiUrlOf('/campus/registre-etudiant/modele');
