import type { ErrorBody, FieldError } from '../../domain/errors';
import { messages } from '../../domain/messages';
import { clearUser, readUser } from './auth';
import { dropEarlyReads, takeEarlyRead } from './early-reads';
import { reportReachable } from './network';
import { API_BASE, paths } from './paths';
import { signinFrom } from '../app/landing';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];

  constructor(status: number, code: string, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** The field errors keyed by field name (first message of each field). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e.champ && !out[e.champ]) out[e.champ] = e.message;
    return out;
  }
}

/** Whether a call failed because what it names does not exist (404: « Dossier introuvable »…). */
export const isMissing = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The French text to show for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return messages.erreurInterne;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Send the stored token (default true). */
  auth?: boolean;
  /** How long to wait for the answer to begin (default ANSWER_WAIT_MS). */
  answerWaitMs?: number;
}

export function apiUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

const statusCode: Record<number, string> = {
  400: 'VALIDATION',
  401: 'NON_AUTHENTIFIE',
  403: 'INTERDIT',
  404: 'INTROUVABLE',
  409: 'DOUBLON',
  413: 'FICHIER_TROP_GRAND',
  415: 'TYPE_FICHIER',
  429: 'TROP_DE_TENTATIVES',
};

const statusMessage = (status: number): string =>
  status === 401
    ? messages.erreurNonAuthentifie
    : status === 403
      ? messages.erreurInterdit
      : status === 404
        ? messages.erreurIntrouvable
        : status === 429
          ? messages.erreurTropDeTentatives
          : status >= 500
            ? messages.erreurServiceIndisponible
            : messages.erreurValidation;

/** The ApiError of a refused call, from its status and the text of its body (docs/api.md). */
export function apiErrorOf(status: number, text: string): ApiError {
  let body: Partial<ErrorBody> | null = null;
  try {
    body = text ? (JSON.parse(text) as Partial<ErrorBody>) : null;
  } catch {
    body = null;
  }
  const message = typeof body?.message === 'string' && body.message ? body.message : statusMessage(status);
  const code = typeof body?.code === 'string' ? body.code : (statusCode[status] ?? 'ERREUR_INTERNE');
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  return new ApiError(status, code, message, errors);
}

async function toApiError(res: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  return apiErrorOf(res.status, text);
}

/**
 * A helper's session (docs/procurations.md, the page /aide): its token, kept in memory only (a
 * reload signs the helper out), used instead of the stored user's while it is set.
 */
let helperToken: string | null = null;
const helperListeners = new Set<() => void>();

/** Starts (a token) or ends (null) the helper's session of this tab. */
export function setHelperToken(token: string | null): void {
  if (helperToken === token) return;
  helperToken = token;
  for (const l of helperListeners) l();
}

/** Whether a helper's session is open in this tab (read by the menu through useSyncExternalStore). */
export const helperSession = {
  subscribe(listener: () => void): () => void {
    helperListeners.add(listener);
    return () => helperListeners.delete(listener);
  },
  open: (): boolean => helperToken !== null,
};

/** The stored bearer token, for calls made without apiFetch (uploads through XMLHttpRequest). */
export function bearerToken(): string | null {
  return helperToken ?? readUser()?.accessToken ?? null;
}

/** Called when the server refuses a stored token: the session is over, back to the sign-in page. */
export function endSession() {
  if (helperToken) {
    // A helper's session ended (revoked, expired): back to its own sign-in.
    setHelperToken(null);
    if (typeof window !== 'undefined') window.location.assign(paths.aide);
    return;
  }
  clearUser();
  if (typeof window !== 'undefined' && window.location.pathname !== paths.connexion) {
    // Back to this page once signed in again (docs/roles.md#after-sign-in).
    window.location.assign(signinFrom(window.location.pathname + window.location.search));
  }
}

/** How long a call waits for its answer to begin (docs/decisions/021-installable-offline-app.md). */
export const ANSWER_WAIT_MS = 60_000;

/** One call to the API: JSON in and out, the stored bearer token, errors as ApiError. */
export async function apiFetch(path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return send(apiUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal,
    auth: opts.auth,
    answerWaitMs: opts.answerWaitMs,
  });
}

interface SendInit {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** Send the stored token (default true). */
  auth?: boolean;
  answerWaitMs?: number;
}

/**
 * A request as `fetch` takes it, sent as every call is (the typed client's, lib/client.ts): the
 * stored token, the wait bounded, errors as ApiError.
 */
export async function sendRequest(request: Request, opts: { auth?: boolean } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  return send(request.url, {
    method: request.method,
    headers,
    body: body === '' ? undefined : body,
    signal: request.signal,
    auth: opts.auth,
  });
}

async function send(url: string, init: SendInit): Promise<Response> {
  const headers = { ...init.headers };
  const token = init.auth === false ? null : bearerToken();
  if (token) headers.authorization = `Bearer ${token}`;
  // A first read the route preload script already sent (lib/early-reads.ts): its answer, when it
  // succeeded; anything else is asked again below.
  if (init.method !== 'GET') dropEarlyReads();
  const early = init.method === 'GET' && token ? takeEarlyRead(url, token) : null;
  if (early) {
    // Bounded as any call's wait: an early read left hanging by a dead link gives way to a new call.
    let stop: ReturnType<typeof setTimeout> | undefined;
    const res = await Promise.race([
      early,
      new Promise<null>((resolve) => {
        stop = setTimeout(() => resolve(null), init.answerWaitMs ?? ANSWER_WAIT_MS);
      }),
    ]);
    clearTimeout(stop);
    // A call given up meanwhile ends below as any aborted call does.
    if (res && !init.signal?.aborted) {
      reportReachable(true);
      return res;
    }
  }
  // A call whose answer does not begin within ANSWER_WAIT_MS (a link that died without a word, as
  // mobile links do) ends with a message instead of a spinner that never stops. Only the wait for
  // the answer's start is bounded: a long download that is arriving is never cut.
  const call = new AbortController();
  const stopCall = () => call.abort();
  init.signal?.addEventListener('abort', stopCall);
  if (init.signal?.aborted) call.abort();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    call.abort();
  }, init.answerWaitMs ?? ANSWER_WAIT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers,
      body: init.body,
      signal: call.signal,
    });
  } catch (e) {
    if (timedOut) throw new ApiError(0, 'RESEAU', messages.erreurServeurMuet);
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    reportReachable(false);
    throw new ApiError(0, 'RESEAU', messages.erreurReseau);
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', stopCall);
  }
  reportReachable(true);
  if (!res.ok) {
    const error = await toApiError(res);
    if (res.status === 401 && token) endSession();
    throw error;
  }
  return res;
}

/** The file name of a download, from `Content-Disposition` (RFC 6266, `filename*` first). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}
