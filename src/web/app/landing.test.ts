import { describe, expect, it } from 'vitest';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR } from '../../domain/enums';
import { afterSignin, landingPath, safeReturn, signinFrom } from './landing';

describe('after sign-in (docs/roles.md#after-sign-in)', () => {
  it('sends each role where its work is', () => {
    expect(landingPath(ETUDIANT)).toBe('/tableau-de-bord');
    expect(landingPath(GESTIONNAIRE_DR)).toBe('/tableau-de-bord');
    expect(landingPath(GESTIONNAIRE_CENOU)).toBe('/tableau-de-bord');
    expect(landingPath(ADMIN)).toBe('/parametre');
    expect(landingPath(null)).toBe('/');
  });

  it('returns to the protected page that asked for the sign-in', () => {
    const to = signinFrom('/consult-dossier/12?onglet=1');
    expect(to).toBe('/connexion?retour=%2Fconsult-dossier%2F12%3Fonglet%3D1');
    expect(afterSignin(ETUDIANT, to.slice(to.indexOf('?')))).toBe('/consult-dossier/12?onglet=1');
    expect(signinFrom('/')).toBe('/connexion');
  });

  it('keeps only paths of this site', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil', '/connexion', '', null])
      expect(safeReturn(bad)).toBeNull();
    expect(afterSignin(ADMIN, '?retour=%2F%2Fevil.example')).toBe('/parametre');
  });
});
