// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/lib/api';
import { clearUser, USER_KEY } from '../../src/web/lib/auth';
import { OFFLINE_KEY } from '../../src/web/lib/localData';
import { isPersisted, readSnapshot } from '../../src/web/lib/offline';
import { createQueryClient } from '../../src/web/lib/query';

// The student's reads kept on the device for offline use (src/web/lib/offline.ts,
// docs/decisions/021-installable-offline-app.md): whose and which are written, when they come back,
// and that sign-out removes them. The real client (`createQueryClient`) in jsdom.

const STUDENT = 'N00123456789';
const user = (username: string, role: string) =>
  JSON.stringify({ username, accessToken: 'jeton', roles: [role], idDirection: null, nom: 'K', prenom: 'A' });
const signIn = (username: string, role = 'ROLE_HEBERGEMENT_ETUDIANT') =>
  window.localStorage.setItem(USER_KEY, user(username, role));
const setOnline = (online: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { value: online, configurable: true });
/** The persister writes 200 ms after a read, or at once when the page is left. */
const leavePage = () => window.dispatchEvent(new Event('pagehide'));

const LISTE = ['dossier', 'etudiant', STUDENT] as const;
const DOSSIERS = [{ idDossier: 7, referenceDossier: 'MAN-2026-000007' }];

beforeEach(() => {
  window.localStorage.clear();
  setOnline(true);
});
afterEach(() => setOnline(true));

describe('the student’s reads kept for offline use', () => {
  it('keeps the student’s own reads only, under its name', async () => {
    expect(isPersisted(LISTE)).toBe(true);
    expect(isPersisted(['deliberation', 'resultat', 7])).toBe(true);
    expect(isPersisted(['affectation', 'moi', STUDENT])).toBe(true);
    expect(isPersisted(['affectation', 'sans-lit', 3])).toBe(false);
    expect(isPersisted(['list', 'registry'])).toBe(false);
    expect(isPersisted(['deliberation', 'runs', 3])).toBe(false);

    signIn(STUDENT);
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: LISTE, queryFn: () => DOSSIERS });
    await client.fetchQuery({ queryKey: ['list', 'registry', {}], queryFn: () => [{ ine: 'X' }] });
    leavePage();
    const snapshot = readSnapshot(STUDENT)!;
    expect(Object.keys(snapshot.entries)).toEqual([JSON.stringify(LISTE)]);
    expect(snapshot.entries[JSON.stringify(LISTE)]).toMatchObject({ data: DOSSIERS });
  });

  it('keeps nothing of a staff account, even under a student’s key', async () => {
    signIn('dr.manga', 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR');
    const client = createQueryClient();
    await client.fetchQuery({
      queryKey: ['dossier', 'detail', STUDENT, 7],
      queryFn: () => ({ idDossier: 7 }),
    });
    leavePage();
    expect(window.localStorage.getItem(OFFLINE_KEY)).toBeNull();
  });

  it('puts them back when the device starts offline, with the time they were read', async () => {
    signIn(STUDENT);
    const online = createQueryClient();
    await online.fetchQuery({ queryKey: LISTE, queryFn: () => DOSSIERS });
    const readAt = online.getQueryState(LISTE)!.dataUpdatedAt;
    leavePage();

    // Online, a new page reads afresh: nothing is put back.
    expect(createQueryClient().getQueryData(LISTE)).toBeUndefined();
    setOnline(false);
    const offline = createQueryClient();
    expect(offline.getQueryData(LISTE)).toEqual(DOSSIERS);
    expect(offline.getQueryState(LISTE)!.dataUpdatedAt).toBe(readAt);
  });

  it('keeps the data on screen when a read fails for want of a network', async () => {
    signIn(STUDENT);
    const first = createQueryClient();
    await first.fetchQuery({ queryKey: LISTE, queryFn: () => DOSSIERS });
    leavePage();

    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: LISTE,
        queryFn: () => Promise.reject(new ApiError(0, 'RESEAU', 'réseau')),
        retry: false,
      }),
    ).rejects.toThrow();
    expect(client.getQueryState(LISTE)).toMatchObject({ status: 'success', data: DOSSIERS });

    // A refusal by the server is no network failure: it stays an error.
    const refused = createQueryClient();
    await expect(
      refused.fetchQuery({
        queryKey: LISTE,
        queryFn: () => Promise.reject(new ApiError(403, 'INTERDIT', 'interdit')),
        retry: false,
      }),
    ).rejects.toThrow();
    expect(refused.getQueryState(LISTE)?.status).toBe('error');
  });

  it('drops another user’s reads at start, and everything at sign-out', async () => {
    signIn(STUDENT);
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: LISTE, queryFn: () => DOSSIERS });
    leavePage();
    expect(window.localStorage.getItem(OFFLINE_KEY)).not.toBeNull();

    // Someone else signs in on the same browser without the first signing out.
    signIn('N00999999999');
    setOnline(false);
    const other = createQueryClient();
    expect(window.localStorage.getItem(OFFLINE_KEY)).toBeNull();
    expect(other.getQueryData(LISTE)).toBeUndefined();

    setOnline(true);
    signIn(STUDENT);
    const again = createQueryClient();
    await again.fetchQuery({ queryKey: LISTE, queryFn: () => DOSSIERS });
    leavePage();
    expect(readSnapshot(STUDENT)).not.toBeNull();
    clearUser();
    expect(window.localStorage.getItem(OFFLINE_KEY)).toBeNull();
    // A read finishing after the sign-out writes nothing.
    await again.fetchQuery({ queryKey: ['dossier', 'depot', STUDENT], queryFn: () => ({}) });
    leavePage();
    expect(window.localStorage.getItem(OFFLINE_KEY)).toBeNull();
  });
});
