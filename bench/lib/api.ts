/** Small calls to the API outside the measured loads (sign-in, reading the registry), each bounded in time. */
import { API_BASE } from '../../src/domain/api';

export { API_BASE };

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  route: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${API_BASE}/${route}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

export async function signin(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await api<{ accessToken?: string }>(baseUrl, 'POST', 'campus-auth/signin', {
    body: { username, password },
  });
  if (res.status !== 200 || !res.body?.accessToken) {
    throw new Error(`connexion de « ${username} » refusée (${res.status}) : ${JSON.stringify(res.body)}`);
  }
  return res.body.accessToken;
}

export interface RegistryStudent {
  idEtudiant: number;
  ine: string;
  dateNaissance: string;
  compte: boolean;
}

/**
 * Every student of the registry, 200 a page through the staff API (at most `maxPages` pages);
 * `filter`, the list's own filters (e.g. `compte=false`: only students without an account).
 */
export async function readRegistry(
  baseUrl: string,
  token: string,
  maxPages = 100,
  filter = '',
): Promise<RegistryStudent[]> {
  const out: RegistryStudent[] = [];
  for (let page = 0; page < maxPages; page++) {
    const res = await api<RegistryStudent[]>(
      baseUrl,
      'GET',
      `campus/registre-etudiant?page=${page}&size=200${filter ? `&${filter}` : ''}`,
      { token },
    );
    if (res.status !== 200 || !Array.isArray(res.body)) {
      throw new Error(
        `lecture du registre, page ${page} : ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`,
      );
    }
    out.push(...res.body);
    const total = Number(res.headers.get('x-total-count') ?? NaN);
    if (res.body.length < 200 || (Number.isFinite(total) && out.length >= total)) break;
  }
  return out;
}

/** The registration form a student sends (`POST campus-auth/hebergement-etudiant`), every box ticked. */
export function registrationBody(s: { ine: string; dateNaissance: string }, emailEtudiant: string) {
  return {
    ine: s.ine,
    dateNaissance: s.dateNaissance,
    emailEtudiant,
    personnelBesoin: 'Aucun',
    contact: '70 00 00 00',
    engagementStatutReglement: true,
    engagementPersonnelCaution: true,
    declarationSurHonneur: true,
    luApprouve: true,
  };
}
