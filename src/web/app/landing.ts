import type { Role } from '../../domain/enums';
import { paths } from '../lib/paths';

/**
 * Where a sign-in leads (docs/roles.md#after-sign-in): back to the protected page that sent the
 * visitor to the sign-in form, else to the place of the role's work.
 */

/** The query parameter of /connexion holding the page to return to after the sign-in. */
export const RETURN_PARAM = 'retour';

/** Each role's first page after a sign-in. */
const LANDING: Record<Role, string> = {
  ROLE_HEBERGEMENT_ETUDIANT: paths.tableauDeBord,
  ROLE_HEBERGEMENT_GESTIONNAIRE_DR: paths.tableauDeBord,
  ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU: paths.tableauDeBord,
  ROLE_HEBERGEMENT_ADMIN: paths.parametre,
  ROLE_HEBERGEMENT_AGENT_CITE: paths.tableauDeBord,
};

export function landingPath(role: Role | null): string {
  return role ? LANDING[role] : paths.accueil;
}

/**
 * A return path read from the address, kept only when it is a page of this site (`/…`, not
 * `//host`, not a backslash trick) other than the sign-in page itself; else null.
 */
export function safeReturn(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const pathname = value.split(/[?#]/)[0];
  if (pathname === paths.connexion || pathname === paths.deconnexion) return null;
  return value;
}

/** The sign-in page, told to come back to `from` (a path with its query) afterwards. */
export function signinFrom(from: string): string {
  const back = safeReturn(from);
  return back && back !== paths.accueil
    ? `${paths.connexion}?${RETURN_PARAM}=${encodeURIComponent(back)}`
    : paths.connexion;
}

/** Where to go once signed in: the page asked for, else the role's own. */
export function afterSignin(role: Role | null, search: string): string {
  return safeReturn(new URLSearchParams(search).get(RETURN_PARAM)) ?? landingPath(role);
}
