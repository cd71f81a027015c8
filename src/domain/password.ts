import { PASSWORD_MIN_LENGTH } from './limits';
import { messages } from './messages';

/**
 * The rules of a new password, as every form that sets one checks them before sending (the change
 * of one's own password, a forgotten password's second step): given, at least PASSWORD_MIN_LENGTH
 * characters, typed twice alike. The server checks the length again (docs/accounts.md).
 */
export function newPasswordErrors(values: {
  nouveauMotDePasse: string;
  confirmation: string;
}): Partial<Record<'nouveauMotDePasse' | 'confirmation', string>> {
  const errors: Partial<Record<'nouveauMotDePasse' | 'confirmation', string>> = {};
  if (!values.nouveauMotDePasse) errors.nouveauMotDePasse = messages.champObligatoire;
  else if (values.nouveauMotDePasse.length < PASSWORD_MIN_LENGTH)
    errors.nouveauMotDePasse = messages.motDePasseCourt;
  if (!values.confirmation) errors.confirmation = messages.champObligatoire;
  else if (values.confirmation !== values.nouveauMotDePasse)
    errors.confirmation = messages.motsDePasseDifferents;
  return errors;
}
