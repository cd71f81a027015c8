import { z } from 'zod';
import { messages } from '../messages';
import { isoTimestamp } from './common';

export { noContent } from './common';

/**
 * The resumable proof uploads (tus 1.0.0: core, creation, termination, expiration;
 * docs/api.md#resumable-uploads, docs/decisions/019-resumable-uploads.md). The protocol speaks in
 * headers: these schemas describe them for the OpenAPI description (the route checks them itself,
 * since tus gives each refusal its own status), and the body of the creation's answer.
 */

/** The id at the end of the `Location` URL (32 hexadecimal characters; anything else is unknown: 404). */
export const televersementParams = z.object({
  id: z.string().max(64).meta({ description: 'L’identifiant du téléversement (fin de l’URL Location).' }),
});

const present = z.string({ error: messages.champObligatoire }).regex(/\S/, {
  error: messages.champObligatoire,
  abort: true,
});

const tusResumable = present.meta({
  description: 'Version du protocole tus : 1.0.0 (une autre version : 412).',
});

/** A count of bytes as tus writes it: decimal digits (15 at most), spaces around allowed. */
const byteCount = (description: string, positive: boolean) =>
  present
    .regex(positive ? /^\s*(?=\d{1,15}\s*$)0*[1-9]\d*\s*$/ : /^\s*\d{1,15}\s*$/, {
      error: messages.valeurInvalide,
    })
    .meta({ description });

/**
 * `POST campus/televersement`: the headers of a creation. Checked here for their presence and
 * form (400 naming the header); the service checks the rest: the version (412), the size (413),
 * the metadata's names (400, 415).
 */
export const televersementCreationHeaders = z.looseObject({
  'tus-resumable': tusResumable,
  'upload-length': byteCount(messages.descriptionUploadLength, true),
  'upload-metadata': present.meta({
    description:
      'Métadonnées tus (clé espace valeur en base64, séparées par des virgules) : filename (nom se terminant par .pdf) et idTypeCritere pour un justificatif ; usage photo et filename (.jpg, .jpeg ou .png) pour une photo d’état des lieux.',
  }),
});

/**
 * `PATCH campus/televersement/{id}`: the headers of a chunk (its bytes' type,
 * application/offset+octet-stream, is the body's: 415 otherwise).
 */
export const televersementPatchHeaders = z.looseObject({
  'tus-resumable': tusResumable,
  'upload-offset': byteCount(messages.descriptionUploadOffset, false),
});

/** `HEAD` and `DELETE campus/televersement/{id}`. */
export const televersementHeaders = z.looseObject({ 'tus-resumable': tusResumable });

/** The body of a chunk: bytes of the file from `Upload-Offset` on. */
export const televersementPatchBody = z.string().meta({ format: 'binary' });

/** The answer of a creation (201; tus clients read only its `Location` header). */
export const televersementCree = z.object({
  /** The id to name in a deposit (`listeDossierCritere[i].televersement`). */
  televersement: z.string(),
  nomFichier: z.string(),
  idTypeCritere: z.number().nullable(),
  usage: z.enum(['justificatif', 'photo']),
  /** `Upload-Length`. */
  longueur: z.number(),
  /** `Upload-Offset`: the bytes received. */
  decalage: z.number(),
  /** `Upload-Expires`: removed then unless finished and used by a deposit. */
  dateExpiration: isoTimestamp,
});
