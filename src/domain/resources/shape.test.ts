import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { getResource, RESOURCES } from './definitions';
import { outputFields, snake, validateForm, writeSchema } from './shape';

describe('resource definitions', () => {
  it('are seventeen, with unique names, paths and known parents', () => {
    expect(RESOURCES).toHaveLength(17);
    expect(new Set(RESOURCES.map((r) => r.name)).size).toBe(17);
    expect(new Set(RESOURCES.map((r) => r.path)).size).toBe(17);
    for (const def of RESOURCES) {
      for (const f of def.fields) if (f.type === 'ref') expect(() => getResource(f.ref!)).not.toThrow();
      const names = outputFields(def).map((f) => f.name);
      for (const c of def.columns) expect(names, `${def.name}.${c}`).toContain(c);
    }
  });

  it('lend every level of the housing hierarchy to a bed', () => {
    const names = outputFields(getResource('lit')).map((f) => f.name);
    for (const n of [
      'idChambre',
      'libelleChambre',
      'idCouloir',
      'libelleCouloir',
      'idNiveau',
      'libelleNiveau',
      'idBatiment',
      'libelleBatiment',
      'idCite',
      'nomCite',
      'idVille',
      'nomVille',
      'idDirection',
      'libelleCategorieChambre',
      'montantChambre',
    ]) {
      expect(names).toContain(n);
    }
  });

  it('map names to snake_case columns', () => {
    expect(snake('idCategorieChambre')).toBe('id_categorie_chambre');
  });
});

describe('write schemas', () => {
  const cite = getResource('cite');

  it('accept a valid body, convert integer strings and drop unknown keys', () => {
    const parsed = writeSchema(cite, 'create').parse({
      idVille: '3',
      nomCite: ' Kossodo ',
      nbLit: 750,
      nomVille: 'x',
    });
    expect(parsed).toEqual({ idVille: 3, nomCite: 'Kossodo', nbLit: 750, adresseCite: null });
  });

  it('name every missing required field with the catalogue message', () => {
    const res = writeSchema(cite, 'create').safeParse({ nomCite: '   ' });
    expect(res.success).toBe(false);
    const issues = res.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['idVille', messages.champObligatoire],
        ['nomCite', messages.champObligatoire],
        ['nbLit', messages.champObligatoire],
      ]),
    );
  });

  it('refuse negative and non-integer numbers, bad enums and bad dates', () => {
    expect(writeSchema(cite, 'create').safeParse({ idVille: 1, nomCite: 'a', nbLit: -1 }).success).toBe(
      false,
    );
    expect(writeSchema(cite, 'create').safeParse({ idVille: 1, nomCite: 'a', nbLit: 1.5 }).success).toBe(
      false,
    );
    const session = getResource('session-cenou');
    expect(
      writeSchema(session, 'create').safeParse({
        idDirection: 1,
        etatSession: 'X',
        statutSession: 'OUVERT',
        dateOuverture: '2026-10-01',
      }).success,
    ).toBe(false);
    expect(
      writeSchema(session, 'create').safeParse({
        idDirection: 1,
        statutSession: 'OUVERT',
        dateOuverture: '2026-02-30',
      }).success,
    ).toBe(false);
  });

  it('require the user password on create only, and check the confirmation on the client', () => {
    const users = getResource('users');
    const base = {
      userName: 'a.b',
      nom: 'N',
      prenom: 'P',
      email: 'a@b.bf',
      idDirection: 1,
      role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
    };
    expect(writeSchema(users, 'create').safeParse(base).success).toBe(false);
    expect(writeSchema(users, 'update').safeParse(base).success).toBe(true);
    expect(
      validateForm(users, { ...base, password: 'abcdefgh', password2: 'abcdefgx' }, 'create').password2,
    ).toBe(messages.motsDePasseDifferents);
  });

  it('give an account a direction by its role: required of a regional manager, refused to national roles', () => {
    const users = getResource('users');
    const base = {
      userName: 'a.b',
      nom: 'N',
      prenom: 'P',
      email: 'a@b.bf',
      password: 'abcdefgh',
      password2: 'abcdefgh',
    };
    const errors = (body: Record<string, unknown>, mode: 'create' | 'update' = 'create') =>
      validateForm(users, body, mode);
    for (const role of ['ROLE_HEBERGEMENT_ADMIN', 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU']) {
      expect(errors({ ...base, role, idDirection: 1 }).idDirection).toBe(messages.directionSansObjet);
      expect(errors({ ...base, role, idDirection: 1 }, 'update').idDirection).toBe(
        messages.directionSansObjet,
      );
      expect(errors({ ...base, role })).toEqual({});
      expect(errors({ ...base, role, idDirection: null })).toEqual({});
    }
    const regional = { ...base, role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR' };
    expect(errors(regional).idDirection).toBe(messages.champObligatoire);
    expect(errors({ ...regional, idDirection: '' }, 'update').idDirection).toBe(messages.champObligatoire);
    expect(errors({ ...regional, idDirection: 4 })).toEqual({});
    // Absent on update: the stored direction is kept, which the server's hook checks.
    expect(errors(regional, 'update')).toEqual({});
  });
});
