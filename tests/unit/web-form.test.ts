import { describe, expect, it } from 'vitest';
import { cite, lit, quota, users } from '../../src/domain/resources/definitions';
import { messages } from '../../src/domain/messages';
import { validateForm } from '../../src/domain/resources/shape';
import {
  buildBody,
  dependentsOf,
  initialValues,
  shownFields,
  withValue,
} from '../../src/web/features/admin/form';
import { apiUrl, fileNameFrom } from '../../src/web/lib/api';
import { listQuery } from '../../src/web/lib/client';
import { fill, fromIsoDate, frenchDate, toIsoDate } from '../../src/web/lib/format';

// The pure parts of the settings dialog and the API client: what leaves the browser on save, how
// a cascade is cleared, how list parameters and download names are written.

describe('resource dialog', () => {
  it('never sends the virtual cascade fields nor the password confirmation', () => {
    const values = {
      idCite: 1,
      idBatiment: 2,
      idNiveau: 3,
      idCouloir: 4,
      idChambre: '5',
      libelleLit: ' Lit 1 ',
      codeLit: '',
    };
    expect(buildBody(lit, values, 'create')).toEqual({ idChambre: 5, libelleLit: 'Lit 1', codeLit: null });
    const user = {
      userName: 'agent',
      nom: 'Zongo',
      prenom: 'Issa',
      email: 'a@cenou.bf',
      idDirection: 1,
      role: 'ROLE_HEBERGEMENT_ADMIN',
    };
    expect(
      buildBody(users, { ...user, password: 'Secret-2026', password2: 'Secret-2026' }, 'create'),
    ).toEqual({ ...user, telephone: null, password: 'Secret-2026' });
    // On update a blank password keeps the old one: it is not sent (a blank phone is sent empty: none).
    expect(buildBody(users, { ...user, password: '', password2: '' }, 'edit')).toEqual({
      ...user,
      telephone: null,
    });
  });

  it('clears every field below a changed level of a cascade', () => {
    expect(dependentsOf(lit, 'idCite')).toEqual(['idBatiment', 'idNiveau', 'idCouloir', 'idChambre']);
    expect(dependentsOf(lit, 'idCouloir')).toEqual(['idChambre']);
    expect(dependentsOf(quota, 'idDirection')).toEqual(['idSessionCenou']);
    expect(dependentsOf(cite, 'idVille')).toEqual([]);
  });

  it('prefills an edit from the row, whose inherited ids fill the virtual fields', () => {
    const row = {
      idLit: 9,
      idChambre: 5,
      idCouloir: 4,
      idNiveau: 3,
      idBatiment: 2,
      idCite: 1,
      libelleLit: 'Lit 1',
      codeLit: '1',
      nomCite: 'Kossodo',
    };
    expect(initialValues(lit, 'edit', row)).toEqual({
      idCite: 1,
      idBatiment: 2,
      idNiveau: 3,
      idCouloir: 4,
      idChambre: 5,
      libelleLit: 'Lit 1',
      codeLit: '1',
    });
    expect(
      initialValues(users, 'edit', { id: 1, userName: 'agent', role: 'ROLE_HEBERGEMENT_ADMIN' }),
    ).toMatchObject({ password: '', password2: '' });
    expect(initialValues(cite, 'create')).toEqual({
      idVille: null,
      nomCite: null,
      nbLit: null,
      adresseCite: null,
    });
  });

  it('agrees with the shared validation on what is missing', () => {
    const errors = validateForm(lit, initialValues(lit, 'create'), 'create');
    expect(Object.keys(errors).sort()).toEqual([
      'idBatiment',
      'idChambre',
      'idCite',
      'idCouloir',
      'idNiveau',
      'libelleLit',
    ]);
    expect(
      validateForm(users, { password: 'Secret-2026', password2: 'Autre-2026' }, 'create').password2,
    ).toBeDefined();
  });

  it('shows an account’s direction only for a role that has one, and blanks it when the role changes', () => {
    const names = (values: Record<string, unknown>) => shownFields(users, values).map((f) => f.name);
    const regional = initialValues(users, 'edit', {
      id: 1,
      userName: 'agent',
      nom: 'Sanou',
      prenom: 'Bintou',
      email: 'agent@cenou.bf',
      role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR',
      idDirection: 4,
    });
    expect(regional.idDirection).toBe(4);
    expect(names(regional)).toContain('idDirection');
    // The role becomes the admin's: the field goes, and so does its value (never sent).
    const admin = withValue(users, regional, 'role', 'ROLE_HEBERGEMENT_ADMIN');
    expect(admin.idDirection).toBeNull();
    expect(names(admin)).not.toContain('idDirection');
    expect(buildBody(users, admin, 'edit').idDirection).toBeNull();
    expect(validateForm(users, admin, 'update')).toEqual({});
    // A national account stored with a direction (before the rule) opens without it.
    expect(
      initialValues(users, 'edit', {
        id: 2,
        userName: 'c',
        role: 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU',
        idDirection: 4,
      }).idDirection,
    ).toBeNull();
    // No role chosen yet (a new account): the direction waits for it.
    expect(names(initialValues(users, 'create'))).not.toContain('idDirection');
    const back = withValue(users, admin, 'role', 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR');
    expect(names(back)).toContain('idDirection');
    expect(validateForm(users, back, 'update').idDirection).toBe(messages.champObligatoire);
  });
});

describe('API client helpers', () => {
  it('writes list parameters, leaving blank ones out', () => {
    expect(
      listQuery({
        page: 2,
        size: 5,
        sort: 'nomCite,desc',
        q: '  kos ',
        filtres: { nomVille: 'ouaga', adresseCite: ' ' },
        extra: { idCite: 3 },
      }),
    ).toEqual({
      idCite: 3,
      page: 2,
      size: 5,
      sort: 'nomCite,desc',
      q: 'kos',
      'filtre.nomVille': 'ouaga',
    });
    expect(apiUrl('campus/lit', { format: 'csv', q: undefined, 'filtre.nomCite': 'Cité 1' })).toBe(
      '/service/api/hebergement-cenou/campus/lit?format=csv&filtre.nomCite=Cit%C3%A9+1',
    );
  });

  it('reads the download name from Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="lit_20260105_101010.csv"', 'x.csv')).toBe(
      'lit_20260105_101010.csv',
    );
    expect(fileNameFrom("attachment; filename*=UTF-8''cit%C3%A9s.csv", 'x.csv')).toBe('cités.csv');
    expect(fileNameFrom(null, 'x.csv')).toBe('x.csv');
  });

  it('formats dates and catalogue texts', () => {
    expect(toIsoDate(new Date(2026, 0, 31))).toBe('2026-01-31');
    expect(fromIsoDate('2026-01-31')?.getDate()).toBe(31);
    expect(frenchDate('2026-01-31')).toBe('31/01/2026');
    expect(fill('{n} utilisateur(s) trouvé(s)', { n: 3 })).toBe('3 utilisateur(s) trouvé(s)');
  });
});
