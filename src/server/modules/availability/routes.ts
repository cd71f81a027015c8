import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { availabilityAnswer } from '../../../domain/schemas/availability';
import { errorBody } from '../../../domain/schemas/common';
import { AppError } from '../../errors';
import { statusPage } from './page';
import type { AvailabilityAnswer } from './service';

/** The public call's path, beside the health (outside the API's prefix, as a status is). */
export const AVAILABILITY_PATH = '/service/api/disponibilite';
/** The public status page. */
export const STATUS_PAGE_PATH = '/etat-du-service';

/** An answer as sent: its bytes, and the same compressed with brotli and with gzip. */
interface Encoded {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encode(type: string, text: string): Encoded {
  const raw = Buffer.from(text, 'utf8');
  return {
    type,
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

/**
 * The answer made once per reading of this instance: the call and the page are the same until the
 * next reading (at most once a minute) or until this instance's view of its database changes, so
 * each is written and compressed once, not at every call (a status page opened by everyone during
 * an outage costs a copy of bytes).
 */
function memo(make: (a: AvailabilityAnswer | null, down: Date | null) => Encoded) {
  let kept: { a: AvailabilityAnswer | null; down: number | null; answer: Encoded } | undefined;
  return (a: AvailabilityAnswer | null, down: Date | null): Encoded => {
    const d = down?.getTime() ?? null;
    if (!kept || kept.a !== a || kept.down !== d) kept = { a, down: d, answer: make(a, down) };
    return kept.answer;
  };
}

/** Sends a kept answer compressed as the client accepts it (brotli, else gzip, else as is). */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, e: Encoded) {
  const accept = String(request.headers['accept-encoding'] ?? '');
  reply.type(e.type).header('Cache-Control', 'public, max-age=30').header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(e.br);
  if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(e.gzip);
  return reply.send(e.raw);
}

/**
 * The availability, public (docs/availability.md#the-status-page): served from what this instance
 * last read, so that it answers while the database does not.
 */
export async function availabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answerOf = memo((a, down) =>
    encode(
      'application/json; charset=utf-8',
      JSON.stringify(availabilityAnswer.parse({ ...a, baseInjoignableDepuis: down?.toISOString() ?? null })),
    ),
  );
  const pageOf = memo((a, down) =>
    encode(
      'text/html; charset=utf-8',
      statusPage(a, {
        plafondMinutes: app.config.PANNE_PLAFOND_MINUTES,
        baseInjoignableDepuis: down,
        paiementSimule: !app.config.PAIEMENT_URL,
      }),
    ),
  );
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
    async (request, reply) => {
      const a = await app.availability.get();
      // Only a reading is kept by a cache: the 503 is asked again.
      if (!a) throw new AppError('INDISPONIBLE', 'etatServiceIndisponible');
      // The kept JSON (the schema's shape, checked when it was made) is sent as it is.
      return sendEncoded(request, reply as FastifyReply, answerOf(a, app.availability.baseInjoignableDepuis));
    },
  );
  app.get(
    STATUS_PAGE_PATH,
    { schema: { hide: true }, config: { rateLimit: app.publicRateLimit } },
    async (request, reply) =>
      sendEncoded(
        request,
        reply,
        pageOf(await app.availability.get(), app.availability.baseInjoignableDepuis),
      ),
  );
}
