import { describe, expect, it } from 'vitest';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR } from '../../src/domain/enums';
import { messages } from '../../src/domain/messages';
import { RESOURCES } from '../../src/domain/resources/definitions';
import { RESOURCE_SCREENS } from '../../src/domain/resources/screens';
import type { StudentMenuState } from '../../src/domain/student-menu';
import {
  breadcrumb,
  isAllowed,
  menuFor,
  ROUTES,
  routeAt,
  routesFor,
  settingsMenu,
  viewerOf,
  type Viewer,
} from '../../src/web/app/registry';

// The route and menu registry of the web client: what each role may open and sees in its menus
// (docs/roles.md and src/web/README.md#rules-every-screen-follows: menus show only routed screens, to roles allowed to use them).

const visitor: Viewer = null;
const as = (role: string): Viewer => viewerOf({ roles: [role] });
const paths = (routes: { path: string }[]) => routes.map((r) => r.path);
/** The registration documents: public pages (sorted). */
const DOCUMENTS = [
  '/documents',
  '/documents/caution',
  '/documents/declaration-honneur',
  '/documents/statut-reglement',
];

describe('route registry', () => {
  it('reads each settings screen as its resource’s definition says (name, title, path, group, permission)', () => {
    expect(RESOURCE_SCREENS).toEqual(
      RESOURCES.map((d) => ({
        name: d.name,
        title: d.title,
        path: d.path,
        menuGroup: d.menuGroup,
        write: d.access.write,
      })),
    );
  });

  it('gives a visitor the public pages, registration and the sign-in page only', () => {
    expect(paths(routesFor(visitor)).sort()).toEqual([
      '/',
      '/aide',
      '/attestation/:code',
      '/connexion',
      '/deconnexion',
      ...DOCUMENTS,
      '/faq',
      '/inscription',
      '/mot-de-passe-oublie',
      '/recu/:referencePaiement',
    ]);
    expect(menuFor(visitor, 'main').map((r) => r.label)).toEqual([
      messages.menuAccueil,
      messages.menuFaq,
      messages.sInscrire,
      messages.menuConnexion,
    ]);
    expect(menuFor(visitor, 'profile')).toEqual([]);
  });

  it('gives the admin the settings area with every reference screen and the export', () => {
    const admin = as(ADMIN);
    const allowed = paths(routesFor(admin));
    expect(allowed).toContain('/parametre');
    for (const def of RESOURCES) expect(allowed).toContain(def.path);
    expect(allowed).toContain('/parametre/export');
    expect(allowed).toContain('/parametre/journal');
    expect(allowed).toContain('/parametre/agent-cite');
    expect(allowed).not.toContain('/connexion');
    expect(allowed).not.toContain('/inscription');
    expect(menuFor(admin, 'main').map((r) => r.label)).toEqual([
      messages.menuAccueil,
      messages.menuTableauDeBord,
      messages.menuDepotDirection,
      messages.menuDepotGeneral,
      messages.menuCommission,
      messages.menuResultat,
      messages.menuAffectationCite,
      messages.menuAffectationChambre,
      messages.menuStatistiques,
      messages.menuDelaisReportes,
      messages.menuInterventions,
      messages.menuReglages,
      messages.registreTitre,
      messages.menuFaq,
    ]);
    expect(menuFor(admin, 'profile').map((r) => r.label)).toEqual([
      messages.changerMotDePasse,
      messages.menuUssd,
      messages.deconnexion,
    ]);
  });

  it('shows the settings side panel without the groups that have no screen', () => {
    const groups = settingsMenu(as(ADMIN));
    expect(groups.map((g) => g.label)).toEqual([
      messages.groupeCite,
      messages.groupeCritere,
      messages.groupePaiement,
      messages.groupeAutres,
      messages.groupeAdministration,
    ]);
    expect(groups[2].entries.map((r) => r.path)).toEqual(['/parametre/typePaiement', '/parametre/operateur']);
    expect(groups[0].entries.map((r) => r.path)).toEqual([
      '/parametre/cite',
      '/parametre/batiment',
      '/parametre/niveau',
      '/parametre/couloir',
      '/parametre/categorie-chambre',
      '/parametre/element-inventaire',
      '/parametre/chambre',
      '/parametre/lit',
      '/parametre/quota',
      '/parametre/export',
    ]);
    expect(groups[4].entries.map((r) => r.path)).toEqual([
      '/parametre/utilisateur',
      '/parametre/agent-cite',
      '/parametre/journal',
    ]);
  });

  it('keeps the settings away from managers and students, who still change their password', () => {
    for (const role of [GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, ETUDIANT]) {
      const viewer = as(role);
      const allowed = paths(routesFor(viewer));
      expect(allowed.filter((p) => p.startsWith('/parametre'))).toEqual([]);
      expect(allowed).toContain('/profil/mot-de-passe');
      expect(settingsMenu(viewer)).toEqual([]);
      const staff = [
        messages.menuAccueil,
        messages.menuTableauDeBord,
        messages.menuDepotDirection,
        messages.menuDepotGeneral,
      ];
      expect(menuFor(viewer, 'main').map((r) => r.label)).toEqual(
        role === ETUDIANT
          ? // Before its state is read, a student's menu shows no cité entry (decision 066).
            [
              messages.menuAccueil,
              messages.menuTableauDeBord,
              messages.menuDepot,
              messages.menuProcurations,
              messages.menuFaq,
            ]
          : role === GESTIONNAIRE_DR
            ? [
                ...staff,
                messages.menuCommission,
                messages.menuDeliberation,
                messages.menuResultat,
                messages.menuAffectationCite,
                messages.menuAffectationChambre,
                messages.menuChoixChambres,
                messages.menuLoyers,
                messages.menuStatistiques,
                messages.menuDelaisReportes,
                messages.menuInterventions,
                messages.registreTitre,
                messages.menuFaq,
              ]
            : [
                ...staff,
                messages.menuResultat,
                messages.menuAffectationCite,
                messages.menuAffectationChambre,
                messages.menuChoixChambres,
                messages.menuLoyers,
                messages.menuStatistiques,
                messages.menuDelaisReportes,
                messages.menuInterventions,
                messages.registreTitre,
                messages.menuFaq,
              ],
      );
    }
  });

  it('shows a student « Dépôt » while its direction takes a deposit, as the server says (decision 072)', () => {
    const labels = (state: StudentMenuState) =>
      menuFor(viewerOf({ roles: [ETUDIANT] }, state), 'main').map((r) => r.label);
    const none = { resident: false, depart: false, loyer: false };
    expect(labels({ ...none, depot: true })).toContain(messages.menuDepot);
    expect(labels({ ...none, depot: false })).not.toContain(messages.menuDepot);
    // The situation not read yet: shown, as before.
    expect(labels(none)).toContain(messages.menuDepot);
  });

  it('shows a student the cité’s entries by its state: resident, left lately, owing (decision 066)', () => {
    const menu = (state: StudentMenuState) =>
      menuFor(viewerOf({ roles: [ETUDIANT] }, state), 'main').map((r) => r.label);
    const base = [messages.menuAccueil, messages.menuTableauDeBord, messages.menuDepot];
    expect(menu({ resident: true, depart: true, loyer: true })).toEqual([
      ...base,
      messages.menuArrivee,
      messages.menuProcurations,
      messages.menuSignaler,
      messages.menuMesDemandes,
      messages.menuDepart,
      messages.monLoyerTitre,
      messages.menuFaq,
    ]);
    expect(menu({ resident: false, depart: true, loyer: true })).toEqual([
      ...base,
      messages.menuProcurations,
      messages.menuDepart,
      messages.monLoyerTitre,
      messages.menuFaq,
    ]);
    expect(menu({ resident: false, depart: false, loyer: true })).toEqual([
      ...base,
      messages.menuProcurations,
      messages.monLoyerTitre,
      messages.menuFaq,
    ]);
    expect(menu({ resident: false, depart: false, loyer: false })).toEqual([
      ...base,
      messages.menuProcurations,
      messages.menuFaq,
    ]);
    // The pages still open by their address (the server says what applies).
    expect(paths(routesFor(viewerOf({ roles: [ETUDIANT] })))).toEqual(
      expect.arrayContaining(['/mon-arrivee', '/mon-loyer', '/mon-depart']),
    );
  });

  it('gives an unknown role no route besides the public ones', () => {
    const unknown = viewerOf({ roles: ['ROLE_INCONNU'] });
    expect(unknown).toEqual({ role: null });
    expect(paths(routesFor(unknown)).sort()).toEqual([
      '/',
      '/aide',
      '/attestation/:code',
      '/deconnexion',
      ...DOCUMENTS,
      '/faq',
      '/recu/:referencePaiement',
    ]);
    expect(viewerOf({ roles: [] })).toEqual({ role: null });
  });

  it('accepts the short role names the server may send', () => {
    expect(viewerOf({ roles: ['ADMIN'] })).toEqual({ role: ADMIN });
  });

  it('has one entry per path, each with a label and an icon, children under an existing parent', () => {
    const all = paths(ROUTES);
    expect(new Set(all).size).toBe(all.length);
    for (const r of ROUTES) {
      expect(r.label).not.toBe('');
      expect(r.icon).toMatch(/^pi pi-/);
      if (r.parent) {
        expect(all).toContain(r.parent);
        expect(r.path.startsWith(`${r.parent}/`)).toBe(true);
      }
    }
  });

  it('allows a child route only when its own permission holds', () => {
    const users = ROUTES.find((r) => r.path === '/parametre/utilisateur')!;
    expect(isAllowed(users, as(ADMIN))).toBe(true);
    expect(isAllowed(users, as(GESTIONNAIRE_CENOU))).toBe(false);
    expect(isAllowed(users, visitor)).toBe(false);
  });

  it('builds the breadcrumb from the path segments', () => {
    expect(breadcrumb('/')).toEqual([{ path: '/', label: messages.menuAccueil }]);
    expect(breadcrumb('/parametre/categorie-chambre').map((c) => c.label)).toEqual([
      messages.menuAccueil,
      messages.menuReglages,
      'Catégories de chambre',
    ]);
    expect(breadcrumb('/documents/caution').map((c) => c.label)).toEqual([
      messages.menuAccueil,
      messages.documentsTitre,
      messages.docCautionTitre,
    ]);
    // A segment that is no page gives no crumb (no link to a missing page).
    expect(breadcrumb('/consult-dossier/12').map((c) => c.label)).toEqual([
      messages.menuAccueil,
      messages.consultDossierTitre,
    ]);
  });

  it('a path no page answers shows French names only: the page it belongs to, or nothing', () => {
    // « consult-dossier » without its number: the page's name, never the raw segment.
    expect(breadcrumb('/consult-dossier')).toEqual([
      { path: '/', label: messages.menuAccueil },
      { path: '/consult-dossier', label: messages.consultDossierTitre },
    ]);
    expect(breadcrumb('/consult-dossier/12/suite').map((c) => c.label)).toEqual([
      messages.menuAccueil,
      messages.consultDossierTitre,
    ]);
    expect(breadcrumb('/nulle-part/ailleurs')).toEqual([{ path: '/', label: messages.menuAccueil }]);
    expect(breadcrumb('/parametre/inconnu').map((c) => c.label)).toEqual([
      messages.menuAccueil,
      messages.menuReglages,
    ]);
  });

  it('finds the route of a path, the same when asked again, and in a list given instead', () => {
    const analyse = ROUTES.find((r) => r.path === '/analyse-dossier/:idDossier/:ine');
    expect(routeAt('/analyse-dossier/12/N00123')).toBe(analyse);
    expect(routeAt('/analyse-dossier/12/N00123')).toBe(analyse);
    expect(routeAt('/connexion')?.path).toBe('/connexion');
    expect(routeAt('/nulle-part')).toBeUndefined();
    expect(routeAt('/nulle-part')).toBeUndefined();
    // A list of its own is read as given, never from what the registry's paths gave.
    const own = [{ ...analyse!, path: '/connexion' }];
    expect(routeAt('/connexion', own)).toBe(own[0]);
    expect(routeAt('/analyse-dossier/12/N00123', own)).toBeUndefined();
    // Many paths asked (each dossier its own): the answers stay right past the kept hundred.
    for (let i = 0; i < 250; i++) expect(routeAt(`/analyse-dossier/${i}/N${i}`)).toBe(analyse);
    expect(routeAt('/connexion')?.path).toBe('/connexion');
  });
});
