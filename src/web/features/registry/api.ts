import type { RegistryImportAnswer, RegistryImportBody } from '../../../domain/schemas/registry';
import { api, apiUrl } from '../../lib/api';
import { paths } from '../../lib/paths';

/** The registry's calls; the paged list goes through `useServerList` (`paths.api.registre`). */

/** The whole file or nothing: the rows added and updated, or the refused rows (400). */
export const importRegistry = (file: RegistryImportBody) =>
  api.post<RegistryImportAnswer>(paths.api.registreImport, file);

/** The template to fill (public). */
export const registryTemplateUrl = () => apiUrl(paths.api.registreModele);
