/**
 * The catalogue's texts of the student's phone page and of the staff's line about a student's SMS
 * number (docs/decisions/030-verified-phone-and-sms-answers.md): a part of the one catalogue
 * (docs/messages.md), in its own module so that only the screens that show them load them
 * (`messages.ts` is in the entry bundle every first visit pays for). The texts the server answers
 * with stay in `messages.ts`. The same rules: no-break space (U+00A0) before : ; ! ?, the apostrophe ’.
 */
import { RESET_CODE_LENGTH } from './limits';
import { SMS_NUMERO_REPONSE } from './sms-answer';

export const phoneMessages = {
  telephoneIntro: `Les SMS du CENOU (résultat, offre, rappel, lit attribué) sont envoyés à ce numéro. Depuis ce numéro, vous pouvez aussi répondre à votre offre par SMS\u00a0: envoyez au ${SMS_NUMERO_REPONSE} OUI ou NON suivi du numéro de dossier.`,
  telephoneActuel: 'Numéro des SMS\u00a0: {telephone} ({source})',
  telephoneAucun: 'Aucun numéro connu\u00a0: vous ne recevez pas de SMS.',
  telephoneChanger: 'Recevoir les SMS sur un autre numéro',
  champTelephone: 'Nouveau numéro',
  telephoneAide:
    'Un numéro du Burkina Faso (8 chiffres, par exemple 70 12 34 56), ou un numéro d’un autre pays avec son indicatif (+225…).',
  envoyerCodeTelephone: 'Recevoir un code par SMS',
  codeTelephoneEtape: 'Saisissez le code reçu par SMS au {telephone}.',
  codeTelephoneAide: `${RESET_CODE_LENGTH} chiffres, reçus par SMS sur le nouveau numéro.`,
  verifierTelephone: 'Vérifier le numéro',
  telephoneRetirer: 'Revenir au numéro du registre',
  telephoneSmsAucun: 'Aucun numéro pour les SMS de cet étudiant.',
  telephoneRegistreEtudiant: 'Numéro du registre\u00a0: {telephone}',
} as const;
