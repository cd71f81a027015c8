import type {
  PhoneBody,
  PhoneCodeAnswer,
  PhoneConfirmAnswer,
  PhoneConfirmBody,
  PhoneRead,
  PhoneRemoveAnswer,
} from '../../../domain/schemas/phone';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';

/** The student's phone for the SMS (decision 030). */
export const phoneKeys = {
  mine: ['telephone'] as const,
  dossier: (idDossier: number) => ['telephone', 'dossier', idDossier] as const,
};

export const fetchMyPhone = (signal?: AbortSignal) =>
  api.get<PhoneRead>(paths.api.telephone, undefined, signal);

/** A new number: a code is sent to it by SMS. */
export const askPhoneCode = (body: PhoneBody) => api.post<PhoneCodeAnswer>(paths.api.telephone, body);

/** The code received: the number becomes the one the SMS go to. */
export const confirmPhoneCode = (body: PhoneConfirmBody) =>
  api.post<PhoneConfirmAnswer>(paths.api.telephoneConfirmation, body);

/** Back to the registry's number. */
export const removePhone = () => api.delete<PhoneRemoveAnswer>(paths.api.telephone);

/** The staff's view: the number a dossier's student gets its SMS at, and whether it verified it. */
export const fetchDossierPhone = (idDossier: number, signal?: AbortSignal) =>
  api.get<PhoneRead>(paths.api.telephoneDossier(idDossier), undefined, signal);
