import { z } from 'zod';
import { messages } from '../messages';
import { PHONE_PATTERN } from '../phone';

/**
 * The USSD calls (docs/ussd.md): the gateway's request (form-encoded, as Africa's Talking sends it)
 * and the staff's USSD phone, which sends the same request through the server.
 */

/** The operator's session id: letters, digits and `-_.:`, up to 100. */
const sessionId = z
  .string({ error: messages.champObligatoire })
  .trim()
  .min(1, { error: messages.champObligatoire })
  .max(100, { error: messages.ussdSessionInvalide })
  .regex(/^[A-Za-z0-9._:-]+$/, { error: messages.ussdSessionInvalide });

/** The inputs of the session joined by `*` (empty at its first request). */
const texte = z
  .string()
  .max(200, { error: messages.ussdTexteInvalide })
  .regex(/^[0-9*#]*$/, { error: messages.ussdTexteInvalide })
  .optional()
  .transform((v) => v ?? '');

const phoneNumber = z
  .string({ error: messages.champObligatoire })
  .max(40, { error: messages.telephoneInvalide })
  .regex(PHONE_PATTERN, { error: messages.telephoneInvalide });

/** `POST /service/api/ussd` (form-encoded): one step of a session. */
export const ussdRequestBody = z.object({
  sessionId,
  serviceCode: z
    .string()
    .max(40, { error: messages.valeurInvalide })
    .optional()
    .transform((v) => v ?? ''),
  phoneNumber,
  text: texte,
});

/** The screen: `CON ` (awaiting an input) or `END `, then its text, at most 182 GSM characters. */
export const ussdAnswerText = z.string();

/** `POST campus/ussd/simulateur`: the staff's USSD phone sends one step of its session. */
export const ussdSimulatorBody = z.object({
  sessionId,
  phoneNumber,
  text: texte,
});

export const ussdSimulatorAnswer = z.object({
  /** The gateway's answer as received (`CON …` / `END …`). */
  reponse: z.string(),
  /** The code the phone dials. */
  codeService: z.string(),
});
