import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ETUDIANT } from '../../src/domain/enums';
import { lazyPage } from '../../src/web/app/lazyPage';
import { preloadPage, viewerOf, type AppRoute } from '../../src/web/app/registry';

// The first render waits for the opened page's code (docs/decisions/027-lean-student-app.md): a
// page whose code is there is drawn at once, never 'Chargement…' first (which React would keep on
// screen 300 ms at least); `preloadPage` asks the page the router will draw, as the Guard decides.

/** A page of its own, and how many times its code was asked. */
function fakePage(title: string, fail = false) {
  const asked = { count: 0 };
  const page = lazyPage<object>(() => {
    asked.count++;
    return fail
      ? Promise.reject(new Error('hors ligne'))
      : Promise.resolve({ default: () => createElement('h1', null, title) });
  });
  return { page, asked };
}

const drawn = (page: ReturnType<typeof fakePage>['page']) =>
  renderToStaticMarkup(
    createElement(Suspense, { fallback: createElement('p', null, 'Chargement…') }, createElement(page)),
  );

describe('lazyPage', () => {
  it('draws the page at once when its code was asked before, and the fallback otherwise', async () => {
    const early = fakePage('Accueil');
    await early.page.preload();
    expect(drawn(early.page)).toBe('<h1>Accueil</h1>');
    expect(early.asked.count).toBe(1);

    const late = fakePage('Connexion');
    expect(drawn(late.page)).toContain('Chargement…');
    expect(drawn(late.page)).not.toContain('<h1>');
  });

  it('asks the code once however often it is preloaded', async () => {
    const { page, asked } = fakePage('Dépôt');
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    expect(asked.count).toBe(1);
  });

  it('asks again after a failure (offline, the chunk not cached)', async () => {
    const { page, asked } = fakePage('Tableau de bord', true);
    await expect(page.preload()).rejects.toThrow('hors ligne');
    await expect(page.preload()).rejects.toThrow('hors ligne');
    expect(asked.count).toBe(2);
  });
});

describe('preloadPage', () => {
  const home = fakePage('Accueil');
  const signin = fakePage('Connexion');
  const dashboard = fakePage('Tableau de bord');
  const staff = fakePage('Paramètres');
  const routes: AppRoute[] = [
    { path: '/', label: 'Accueil', access: { kind: 'public' }, element: createElement(home.page) },
    {
      path: '/connexion',
      label: 'Connexion',
      access: { kind: 'visitor' },
      element: createElement(signin.page),
    },
    {
      path: '/tableau-de-bord',
      label: 'Tableau de bord',
      access: { kind: 'permission', permission: 'dossier.deposit' },
      element: createElement(dashboard.page),
    },
    {
      path: '/parametre',
      label: 'Paramètres',
      access: { kind: 'permission', permission: 'reference.write' },
      element: createElement(staff.page),
    },
  ];
  const student = viewerOf({ roles: [ETUDIANT] });
  const counts = () => [home, signin, dashboard, staff].map((p) => p.asked.count);

  it('asks the page at the path, and the page the Guard sends to when the viewer may not open it', async () => {
    await preloadPage('/', '', null, routes);
    expect(counts()).toEqual([1, 0, 0, 0]);
    // A signed-in student opening the sign-in page is sent to its dashboard.
    await preloadPage('/connexion', '', student, routes);
    expect(counts()).toEqual([1, 0, 1, 0]);
    // A visitor opening a guarded page is sent to the sign-in page.
    await preloadPage('/tableau-de-bord', '', null, routes);
    expect(counts()).toEqual([1, 1, 1, 0]);
    // A student opening a staff page sees 'Accès refusé': nothing to ask; nor for an unknown path.
    await preloadPage('/parametre', '', student, routes);
    await preloadPage('/inconnue', '', student, routes);
    expect(counts()).toEqual([1, 1, 1, 0]);
  });
});
