import { useSyncExternalStore } from 'react';
import { normalizeRole, type Role } from '../../domain/enums.ts';
import type { SigninAnswer } from '../../domain/schemas/auth';
import { clearLocalData } from './localData.ts';

/**
 * The local user record kept in the browser after sign-in (docs/accounts.md#sign-in): the
 * sign-in's answer. The first role is the one that counts.
 */
export type UserRecord = SigninAnswer;

export const USER_KEY = 'cenou.utilisateur';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const nullableText = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Reads a stored or received value as a user record, or null when it is not one. */
export function parseUserRecord(value: unknown): UserRecord | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.accessToken !== 'string' || v.accessToken === '') return null;
  const roles = Array.isArray(v.roles) ? v.roles.filter((r): r is string => typeof r === 'string') : [];
  return {
    username: text(v.username),
    accessToken: v.accessToken,
    roles,
    idDirection: typeof v.idDirection === 'number' ? v.idDirection : null,
    nom: text(v.nom),
    prenom: text(v.prenom),
    libelleDirection: nullableText(v.libelleDirection),
  };
}

let cachedRaw: string | null | undefined;
let cachedUser: UserRecord | null = null;

export function readUser(): UserRecord | null {
  const raw = storage()?.getItem(USER_KEY) ?? null;
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    cachedUser = raw ? parseUserRecord(JSON.parse(raw)) : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

function notify() {
  for (const l of listeners) l();
}

/**
 * Stores the record. `notify: false` when a full page load follows at once (sign-in): the screens
 * then do not redraw for the new user in the instant before the reload.
 */
export function saveUser(user: UserRecord, opts: { notify?: boolean } = {}): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  if (opts.notify !== false) notify();
}

/** Keeps the record but replaces its token (after a password change the old token stops working). */
export function updateToken(accessToken: string): void {
  const user = readUser();
  if (user) saveUser({ ...user, accessToken });
}

/**
 * Sign-out clears the site's whole local storage (src/web/README.md#layout-settings-and-themes-layout):
 * the data the offline app kept (the student's saved reads, any data cache;
 * docs/decisions/021-installable-offline-app.md) goes with it. The precached code stays: it holds no one's data.
 */
export function clearUser(): void {
  const s = storage();
  if (s) {
    s.removeItem(USER_KEY);
    s.clear();
  }
  void clearLocalData();
  notify();
}

export function roleOf(user: UserRecord | null | undefined): Role | null {
  return user ? normalizeRole(user.roles[0]) : null;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user (or null), re-rendering on sign-in, sign-out and token changes, across tabs. */
export function useUser(): UserRecord | null {
  return useSyncExternalStore(subscribe, readUser, () => null);
}
