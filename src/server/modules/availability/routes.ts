import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { availabilityAnswer } from '../../../domain/schemas/availability';
import { errorBody } from '../../../domain/schemas/common';
import { AppError } from '../../errors';
import { statusPage } from './page';

/** The public call's path, beside the health (outside the API's prefix, as a status is). */
export const AVAILABILITY_PATH = '/service/api/disponibilite';
/** The public status page. */
export const STATUS_PAGE_PATH = '/etat-du-service';

/**
 * The availability, public (docs/availability.md#the-status-page): served from what this instance
 * last read, so that it answers while the database does not.
 */
export async function availabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    AVAILABILITY_PATH,
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags: ['disponibilite'],
        summary: 'Disponibilité de la plateforme et pannes des 90 derniers jours (public)',
        response: { 200: availabilityAnswer, 503: errorBody },
      },
    },
    async (_request, reply) => {
      const a = await app.availability.get();
      if (!a) throw new AppError('INDISPONIBLE', 'etatServiceIndisponible');
      // Only a reading is kept by a cache: the 503 is asked again.
      reply.header('Cache-Control', 'public, max-age=30');
      return { ...a, baseInjoignableDepuis: app.availability.baseInjoignableDepuis?.toISOString() ?? null };
    },
  );
  app.get(
    STATUS_PAGE_PATH,
    { schema: { hide: true }, config: { rateLimit: app.publicRateLimit } },
    async (_request, reply) => {
      const a = await app.availability.get();
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'public, max-age=30')
        .send(
          statusPage(a, {
            plafondMinutes: app.config.PANNE_PLAFOND_MINUTES,
            baseInjoignableDepuis: app.availability.baseInjoignableDepuis,
            paiementSimule: !app.config.PAIEMENT_URL,
          }),
        );
    },
  );
}
