/**
 * A proof sent by the resumable uploads (tus 1.0.0, docs/api.md#resumable-uploads):
 * the file goes up in chunks to `campus/televersement` as soon as it is chosen; a lost network
 * costs only what was under way (the server keeps what it received), and the upload goes on by
 * itself when the network comes back, from where the server says it stopped. `tus-js-client` is
 * loaded only when a proof is chosen, so the first visit does not pay for it.
 */
import type { DetailedError, Upload } from 'tus-js-client';
import { apiErrorOf, bearerToken, endSession, type ApiError } from '../../lib/api';
import { apiUrlOf } from '../../lib/client';

/**
 * Bytes per `PATCH`. Each is one request (one round trip on a 300 ms link); a cut costs at most the
 * bytes of the chunk under way that the server did not receive.
 */
export const CHUNK_BYTES = 512 * 1024;

/** Waits between attempts after a network failure, the last one repeated while offline. */
const RETRY_MS = [1_000, 3_000, 5_000, 10_000, 20_000];

export interface ProofUploadEvents {
  /** Bytes the server has of the file (after each chunk and during one). */
  onProgress(sent: number, total: number): void;
  /** The upload's URL once created: kept with the form, to resume after a reload. */
  onUrl(url: string): void;
  /** Waiting for the network (true), or sending again (false). */
  onWaiting(waiting: boolean): void;
}

export interface ProofUpload {
  /** The upload's id once every byte is on the server (what a deposit names). */
  done: Promise<string>;
  /**
   * Stops sending: the upload stays on the server, to resume or to expire; with `end`, it is
   * ended there too (the file was replaced: it would count against the student's open uploads).
   */
  stop(end?: boolean): void;
}

/** The id a deposit names: the end of the upload's URL. */
export const uploadId = (url: string): string => url.replace(/\/+$/, '').split('/').pop() ?? '';

/** The endpoint, absolute (tus-js-client resolves the server's `Location` against it). */
const endpoint = (): string => new URL(apiUrlOf('/campus/televersement'), window.location.href).toString();

/** A refusal the server gave (a status and our error body), or null for a failure to try again. */
function refusal(error: Error | DetailedError): ApiError | null {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  // No answer, the server unavailable or asking to slow down, or an offset that moved under a
  // resumed chunk (409: the cut chunk's bytes were counted meanwhile; HEAD again): tried again.
  if (status === 0 || status === 409 || status === 429 || status === 423 || status >= 500) return null;
  return apiErrorOf(status, response?.getBody() ?? '');
}

/**
 * Sends `file` for the criterion type `idTypeCritere`, resuming `previousUrl` when given (the
 * server answers 404 for an upload it no longer has: a new one starts). Network failures are
 * retried for as long as it takes, at once when the browser says the network is back; a refusal
 * (size, type, session) ends it with the server's message.
 */
export function startProofUpload(
  file: File,
  idTypeCritere: number,
  previousUrl: string | null,
  events: ProofUploadEvents,
): ProofUpload {
  return startUpload(
    file,
    { filename: file.name, idTypeCritere: String(idTypeCritere) },
    previousUrl,
    events,
  );
}

/**
 * Sends `file` with these tus metadata (a proof: `filename`, `idTypeCritere`; a photo of an
 * inventory: `usage` `photo`, `filename`), as `startProofUpload` says.
 */
export function startUpload(
  file: Blob,
  metadata: Record<string, string>,
  previousUrl: string | null,
  events: ProofUploadEvents,
): ProofUpload {
  let upload: Upload | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let wake: (() => void) | null = null;
  let stopNext: (() => void) | null = null;
  const online = () => wake?.();

  const done = new Promise<string>((resolve, reject) => {
    const again = () => {
      if (stopped) return;
      events.onWaiting(true);
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
      attempt += 1;
      wake = () => {
        wake = null;
        clearTimeout(timer);
        if (stopped) return;
        events.onWaiting(false);
        upload?.start();
      };
      timer = setTimeout(() => wake?.(), delay);
    };
    import('tus-js-client')
      .then(({ Upload: TusUpload }) => {
        if (stopped) return;
        upload = new TusUpload(file, {
          endpoint: endpoint(),
          uploadUrl: previousUrl,
          chunkSize: CHUNK_BYTES,
          // Our own retries (below) wait for the network as long as it takes.
          retryDelays: null,
          metadata,
          storeFingerprintForResuming: false,
          onBeforeRequest: (req) => {
            const token = bearerToken();
            if (token) req.setHeader('Authorization', `Bearer ${token}`);
          },
          onUploadUrlAvailable: () => {
            if (upload?.url) events.onUrl(new URL(upload.url, endpoint()).toString());
          },
          onProgress: (sent, total) => events.onProgress(sent, total),
          onChunkComplete: () => {
            attempt = 0;
          },
          onSuccess: () => {
            window.removeEventListener('online', online);
            resolve(uploadId(upload?.url ?? ''));
          },
          onError: (error) => {
            const refused = refusal(error);
            if (refused) {
              window.removeEventListener('online', online);
              // The session is over (its token refused): back to the sign-in, the file kept in
              // the form's draft for when the student is back.
              if (refused.status === 401 && bearerToken()) endSession();
              reject(refused);
            } else again();
          },
        });
        window.addEventListener('online', online);
        upload.start();
      })
      // The upload code could not be fetched (offline before it was ever cached): the proof waits
      // for the network like any upload, and the code is fetched again then.
      .catch(() => {
        if (stopped) return;
        events.onWaiting(true);
        const retry = () => {
          window.removeEventListener('online', retry);
          clearTimeout(timer);
          if (stopped) return;
          const next = startUpload(file, metadata, previousUrl, events);
          stopNext = () => next.stop();
          next.done.then(resolve, reject);
        };
        window.addEventListener('online', retry);
        timer = setTimeout(retry, RETRY_MS[RETRY_MS.length - 1]);
      });
  });

  return {
    done,
    stop(end = false) {
      stopped = true;
      stopNext?.();
      clearTimeout(timer);
      window.removeEventListener('online', online);
      if (upload) void upload.abort(end && upload.url !== null).catch(() => undefined);
    },
  };
}

/**
 * Ends an upload on the server (tus `DELETE`): a finished proof replaced before the deposit. Never
 * fails: an upload the server no longer has, or a lost network, leaves it to expire.
 */
export async function endProofUpload(url: string): Promise<void> {
  const token = bearerToken();
  try {
    await fetch(url, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    /* left to expire */
  }
}
