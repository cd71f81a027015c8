import { describe, expect, it } from 'vitest';
import { Fixtures, useFixtures } from '../helpers/resources';

let f: Fixtures;
useFixtures((c) => ({ f } = c));

describe('column filters of the generic lists', () => {
  it('match enumerations and booleans exactly, text by "contains"', async () => {
    const cite = await f.create('cite');
    for (const [code, sexe] of [
      ['M1', 'M'],
      ['X1', 'MIXTE'],
      ['F1', 'F'],
    ]) {
      await f.create('batiment', {
        idCite: cite.idCite,
        codeBatiment: code,
        libelleBatiment: `Pavillon ${code}`,
        sexe,
      });
    }
    const men = await f.list('batiment', `?idCite=${cite.idCite}&page=0&size=50&filtre.sexe=M`);
    expect(men.map((b) => b.sexe)).toEqual(['M']);
    const byText = await f.list(
      'batiment',
      `?idCite=${cite.idCite}&page=0&size=50&filtre.libelleBatiment=pavillon%20x`,
    );
    expect(byText.map((b) => b.codeBatiment)).toEqual(['X1']);

    const type = await f.create('type-critere');
    await f.create('critere', { idTypeCritere: type.idTypeCritere, justificatifRequis: true });
    await f.create('critere', { idTypeCritere: type.idTypeCritere, justificatifRequis: false });
    const withProof = await f.list(
      'critere',
      `?idTypeCritere=${type.idTypeCritere}&page=0&size=50&filtre.justificatifRequis=true`,
    );
    expect(withProof.map((c) => c.justificatifRequis)).toEqual([true]);
  });
});
