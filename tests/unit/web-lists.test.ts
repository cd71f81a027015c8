import { QueryClient } from '@tanstack/react-query';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources/definitions';
import type { ResourceDef } from '../../src/domain/resources/types';
import { withCodes } from '../../src/web/components/Code';
import { breakable } from '../../src/web/components/list/cells';
import { listKey } from '../../src/web/components/list/useServerList';
import { refreshAfterWrite, resourcesShowing } from '../../src/web/features/admin/refresh';

// Which lists a save reloads (issue 7): the resource saved and those whose rows show its fields
// through a chain of refs (docs/api.md: lists return their display fields), and no other.

const sorted = (names: string[]) => [...names].sort();

describe('resourcesShowing', () => {
  it('follows the housing stock down from a building, not up nor sideways', () => {
    expect(sorted(resourcesShowing('batiment'))).toEqual(
      sorted(['batiment', 'niveau', 'couloir', 'chambre', 'lit']),
    );
    expect(resourcesShowing('batiment')[0]).toBe('batiment');
  });

  it('reaches through intermediate rows: a cité shows in beds through chambre → couloir → niveau → bâtiment', () => {
    const names = resourcesShowing('cite');
    for (const n of ['cite', 'batiment', 'niveau', 'couloir', 'categorie-chambre', 'chambre', 'lit'])
      expect(names).toContain(n);
    expect(names).not.toContain('ville');
    expect(names).not.toContain('quota');
    expect(names).not.toContain('users');
  });

  it('keeps a leaf and unrelated resources to themselves', () => {
    expect(resourcesShowing('lit')).toEqual(['lit']);
    expect(resourcesShowing('users')).toEqual(['users']);
    expect(resourcesShowing('quota')).toEqual(['quota']);
  });

  it('finds the criteria chain and the directions shown everywhere', () => {
    expect(sorted(resourcesShowing('type-critere'))).toEqual(sorted(['type-critere', 'critere', 'quota']));
    const direction = resourcesShowing('direction');
    for (const n of ['direction', 'ville', 'cite', 'lit', 'session-cenou', 'quota', 'users'])
      expect(direction).toContain(n);
    expect(direction).not.toContain('type-critere');
  });

  it('answers every resource with itself first, and only names of the definitions', () => {
    const all = new Set<string>(RESOURCES.map((d) => d.name));
    for (const d of RESOURCES) {
      const names = resourcesShowing(d.name);
      expect(names[0]).toBe(d.name);
      expect(new Set(names).size).toBe(names.length);
      for (const n of names) expect(all.has(n)).toBe(true);
    }
  });

  it('reads the definitions it is given', () => {
    const only: ResourceDef[] = RESOURCES.filter((d) => ['ville', 'cite'].includes(d.name));
    expect(resourcesShowing('ville', only)).toEqual(['ville', 'cite']);
  });
});

describe('refreshAfterWrite', () => {
  function seeded() {
    const client = new QueryClient();
    for (const name of RESOURCES.map((d) => d.name)) {
      client.setQueryData([...listKey.resource(name), { page: 0 }], { rows: [], total: 0 });
      client.setQueryData(['options', name, null, null], []);
    }
    client.setQueryData([...listKey.registry(), { page: 0 }], { rows: [], total: 0 });
    return client;
  }
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .findAll({ queryKey: ['list'] })
      .filter((q) => q.isStale() && q.state.isInvalidated)
      .map((q) => String(q.queryKey[2] ?? q.queryKey[1]));
  const options = (client: QueryClient) =>
    client
      .getQueryCache()
      .findAll({ queryKey: ['options'] })
      .map((q) => String(q.queryKey[1]));

  it('after a save, reloads and drops the options of the resources showing the row only', async () => {
    const client = seeded();
    await refreshAfterWrite(client, 'chambre', 'save');
    expect(sorted(stale(client))).toEqual(['chambre', 'lit']);
    const left = options(client);
    expect(left).not.toContain('chambre');
    expect(left).not.toContain('lit');
    expect(left).toContain('batiment');
    expect(left).toHaveLength(RESOURCES.length - 2);
  });

  it('after a delete, only the resource itself', async () => {
    const client = seeded();
    await refreshAfterWrite(client, 'batiment', 'delete');
    expect(stale(client)).toEqual(['batiment']);
    expect(options(client)).not.toContain('batiment');
    expect(options(client)).toHaveLength(RESOURCES.length - 1);
  });
});

describe('breakable', () => {
  const html = (v: string) => renderToStaticMarkup(createElement(Fragment, null, breakable(v)));

  it('lets an e-mail or an identifier wrap after its dots and before its @, nothing else', () => {
    expect(html('gestionnaire.koudougou')).toBe('<span>gestionnaire.<wbr/>koudougou</span>');
    expect(html('awa.kabore@cenou.bf')).toBe('<span>awa.<wbr/>kabore<wbr/>@cenou.<wbr/>bf</span>');
    expect(html('N16102722382')).toBe('N16102722382');
    expect(html('Direction régionale du Centre-Ouest')).toBe('Direction régionale du Centre-Ouest');
  });
});

describe('withCodes', () => {
  const html = (v: string) => renderToStaticMarkup(createElement(Fragment, null, withCodes(v)));

  it('keeps whole the codes of a sentence written by the server, and the words as they are', () => {
    expect(html('Session 2026-2027 ouverte.')).toBe(
      '<span>Session <span class="code">2026-2027</span> ouverte.</span>',
    );
    expect(html('Mot de passe de mots-huzj0 réinitialisé')).toBe(
      '<span>Mot de passe de <span class="code">mots-huzj0</span> réinitialisé</span>',
    );
    expect(html('Fichier registre-2026.csv : 3 lignes')).toBe(
      '<span>Fichier <span class="code">registre-2026.csv</span> : 3 lignes</span>',
    );
    expect(html('Cité Kossodo-Nord, chambre A')).toBe('Cité Kossodo-Nord, chambre A');
  });
});
