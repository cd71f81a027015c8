import type { z } from 'zod';
import type { ussdSimulatorBody } from '../../../domain/schemas/ussd';
import { answerOf, apiClient } from '../../lib/client';

/**
 * The staff's USSD phone (docs/ussd.md#the-ussd-phone): one step of its session sent to the menu
 * through the server, which adds the gateway's secret. Typed by the API's description (lib/client.ts).
 */
export const envoyerUssd = (body: z.input<typeof ussdSimulatorBody>) =>
  answerOf(apiClient.POST('/campus/ussd/simulateur', { body: { text: '', ...body } }));
