import type { FastifyInstance, FastifyReply, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '../../../domain/api';
import { PDF_MAX_BYTES } from '../../../domain/limits';
import {
  noContent,
  televersementCree,
  televersementCreationHeaders,
  televersementHeaders,
  televersementParams,
  televersementPatchBody,
  televersementPatchHeaders,
} from '../../../domain/schemas/televersement';
import { requirePermission } from '../../plugins/auth';
import {
  appendUpload,
  createUpload,
  terminateUpload,
  TUS_EXTENSIONS,
  TUS_VERSION,
  uploadStatus,
  type UploadState,
} from './service';

/** The media type of a PATCH's bytes (tus core). */
const OFFSET_STREAM = 'application/offset+octet-stream';

/**
 * A PATCH's body is the upload's bytes, read as a stream by the service: declared for the
 * description, never parsed nor validated before the handler.
 */
const patchValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? () => true
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** The `Location` of an upload: a path on this server (tus clients resolve it against the endpoint). */
const uploadLocation = (id: string) => `${API_BASE}/campus/televersement/${id}`;

function uploadHeaders(reply: FastifyReply, state: UploadState, opts: { expires: boolean }) {
  reply.header('Upload-Offset', String(state.decalage)).header('Upload-Length', String(state.longueur));
  if (opts.expires) reply.header('Upload-Expires', state.expire.toUTCString());
}

/**
 * Resumable proof uploads, tus 1.0.0 (docs/api.md#resumable-uploads,
 * docs/decisions/019-resumable-uploads.md): `POST televersement` creates, `HEAD` tells the bytes
 * received, `PATCH` appends, `DELETE` ends, `OPTIONS` describes the server. Students only, each
 * upload its creator's (another account: 404). Errors carry the API's error body; every answer
 * carries `Tus-Resumable` and is never cached.
 */
export async function televersementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['televersement'];
  // Per account, after the guard: a chunked upload is many requests (docs/api.md#resumable-uploads).
  const rateLimit = {
    max: app.config.UPLOAD_RATE_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: { auth?: { id: number }; ip: string }) =>
      `televersement:${request.auth?.id ?? request.ip}`,
  };

  // The bytes of a PATCH stay a stream (this plugin's routes only).
  app.addContentTypeParser(OFFSET_STREAM, (_request, _payload, done) => done(null, undefined));
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Tus-Resumable', TUS_VERSION).header('Cache-Control', 'no-store');
    if (reply.statusCode === 412) reply.header('Tus-Version', TUS_VERSION);
    return payload;
  });

  r.options(
    '/televersement',
    {
      config: { public: true, rateLimit: app.publicRateLimit },
      schema: {
        tags,
        summary:
          'Ce que le serveur de téléversement (tus) prend en charge : version, extensions, taille maximale',
        response: { 204: noContent },
      },
    },
    async (_request, reply) =>
      reply
        .status(204)
        .header('Tus-Version', TUS_VERSION)
        .header('Tus-Extension', TUS_EXTENSIONS)
        .header('Tus-Max-Size', String(PDF_MAX_BYTES))
        .send(null),
  );

  r.post(
    '/televersement',
    {
      onRequest: requirePermission('upload'),
      config: { rateLimit },
      schema: {
        tags,
        summary:
          'Commencer le téléversement d’un justificatif (tus) : Upload-Length et Upload-Metadata (filename, idTypeCritere) ; l’URL à suivre est dans Location',
        headers: televersementCreationHeaders,
        response: { 201: televersementCree },
      },
    },
    async (request, reply) => {
      const state = await createUpload(app.db, request.auth!, { headers: request.headers });
      reply.header('Location', uploadLocation(state.id));
      uploadHeaders(reply, state, { expires: true });
      return reply.status(201).send({
        televersement: state.id,
        nomFichier: state.nomFichier,
        idTypeCritere: state.idTypeCritere,
        usage: state.usage,
        longueur: state.longueur,
        decalage: state.decalage,
        dateExpiration: state.expire.toISOString(),
      });
    },
  );

  r.head(
    '/televersement/:id',
    {
      onRequest: requirePermission('upload'),
      // Described: tus's HEAD is a call of its own, not the HEAD of a GET.
      config: { rateLimit, swagger: { exposeHeadRoute: true } },
      schema: {
        tags,
        summary: 'Où en est un téléversement : Upload-Offset (octets reçus), Upload-Length, Upload-Expires',
        params: televersementParams,
        headers: televersementHeaders,
        response: { 200: noContent },
      },
    },
    async (request, reply) => {
      const state = await uploadStatus(app.db, request.auth!, {
        id: request.params.id,
        headers: request.headers,
      });
      uploadHeaders(reply, state, { expires: true });
      reply.header('Upload-Metadata', state.metadonnees);
      // No body, so neither a JSON type nor a length (which a HEAD would read as the body's).
      return (reply as FastifyReply).status(200).send();
    },
  );

  r.patch(
    '/televersement/:id',
    {
      onRequest: requirePermission('upload'),
      config: { rateLimit },
      validatorCompiler: patchValidator,
      schema: {
        tags,
        summary:
          'Envoyer des octets d’un téléversement à partir de Upload-Offset (application/offset+octet-stream) ; les derniers octets doivent faire un PDF (415 sinon, et le téléversement est supprimé)',
        params: televersementParams,
        headers: televersementPatchHeaders,
        body: { content: { [OFFSET_STREAM]: { schema: televersementPatchBody } } },
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      let result;
      try {
        result = await appendUpload(app.db, request.auth!, {
          id: request.params.id,
          headers: request.headers,
          body: request.raw,
          storage: app.storage,
        });
      } catch (err) {
        // Refused before its body was read (an offset that moved, a taken-over chunk…): the
        // connection is closed after the answer. A browser that reads the answer only once it has
        // sent the whole body would otherwise wait for ever on a body nobody reads; closed, it sees
        // the answer or a network failure, and the client asks HEAD and goes on.
        if (!request.raw.readableEnded) reply.header('Connection', 'close');
        throw err;
      }
      uploadHeaders(reply, result, { expires: result.decalage < result.longueur });
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/televersement/:id',
    {
      onRequest: requirePermission('upload'),
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Abandonner un téléversement (tus) : ses octets sont supprimés',
        params: televersementParams,
        headers: televersementHeaders,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await terminateUpload(app.db, request.auth!, {
        id: request.params.id,
        headers: request.headers,
        storage: app.storage,
      });
      return reply.status(204).send(null);
    },
  );
}
