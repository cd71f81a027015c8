import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { matchPath } from 'react-router';
import { ETUDIANT, normalizeRole, type Role } from '../../domain/enums';
import { messages } from '../../domain/messages';
import { can, scopeOf, type Permission, type Scope } from '../../domain/permissions';
import { RESOURCE_SCREENS } from '../../domain/resources/screens';
import type { MenuGroup } from '../../domain/resources/types';
import type { StudentMenuState } from '../../domain/student-menu';
import { roleOf, useUser, type UserRecord } from '../lib/auth';
import { askDashboardReads, askDepotReads } from '../features/dossier/api';
import { askRoomChoiceReads } from '../features/room-choice/api';
import { paths } from '../lib/paths';
import { afterSignin } from './landing';
import { lazyPage } from './lazyPage';

/**
 * The one route and menu registry of the web client. A feature adds one entry: its path, label,
 * icon, who may open it, its lazy page and where it shows in the menus. The router, the menus, the
 * settings side panel and the breadcrumb are all drawn from this array, so a menu never shows a
 * screen that is not routed, nor a screen the role may not use (src/web/README.md#rules-every-screen-follows).
 */

/** Who may open a route. */
export type Access =
  /** Everyone, signed in or not. */
  | { kind: 'public' }
  /** Only visitors (no session): a signed-in user is sent to the home page. */
  | { kind: 'visitor' }
  /**
   * Signed-in users whose role holds the permission, or one of the permissions
   * (src/domain/permissions.ts); with `scopes`, only in one of these scopes (`['all', 'direction']`:
   * staff, not a student reading its own data).
   */
  | { kind: 'permission'; permission: Permission | readonly Permission[]; scopes?: readonly Scope[] };

/** Where a route appears: the main menu, the profile menu of a signed-in user, or neither. */
export type MenuPlace = 'main' | 'profile';

/** Submenus of the grouped main menu (Dépôt, Affectation, Réglages; src/web/README.md, grouped menu). */
export type MenuSection = 'depot' | 'affectation' | 'reglages';

export const MENU_SECTIONS: Record<MenuSection, { label: string; icon: string }> = {
  depot: { label: messages.menuDepot, icon: 'pi pi-folder-open' },
  affectation: { label: messages.menuAffectation, icon: 'pi pi-building' },
  reglages: { label: messages.menuReglages, icon: 'pi pi-cog' },
};

export interface AppRoute {
  /** Absolute path; may hold `:params`. */
  path: string;
  /** Menu and breadcrumb label. */
  label: string;
  /** primeicons class. */
  icon?: string;
  access: Access;
  /** The page (a lazy component, so each page is its own chunk). */
  element: ReactElement;
  menu?: MenuPlace;
  /** The submenu holding the main-menu entry when the menu is grouped (layout settings). */
  section?: MenuSection;
  /** Label inside its submenu, when the entry's own label is the submenu's ('Paramètres'). */
  sectionLabel?: string;
  /**
   * Who sees the menu entry, when fewer than may open the route (the deliberation screen opens to
   * every signed-in user to tell them it is for regional directions, but only they see it in the menu).
   */
  menuAccess?: Access;
  /**
   * For a student, when its menu shows the entry (decision 066): the cité's pages to a resident, its
   * rent and departure while they still concern it. The page itself opens to the permission, and the
   * server refuses what does not apply.
   */
  menuWhen?: (state: StudentMenuState) => boolean;
  /** With `menuWhen`: the entry shows until the student's state is read (« Dépôt », as it did before). */
  menuShownUnread?: boolean;
  /** Path of the route whose layout holds this one (the settings area). */
  parent?: string;
  /** Layout wrapping this route's children (with an <Outlet/>). */
  layout?: ReactElement;
  /** Group of the settings side panel. */
  group?: MenuGroup;
  /**
   * The page's first reads, asked with its code before the first render (`askFirstReads`): the
   * student's pages, whose answer would otherwise wait for the page's chunk on 3G.
   */
  firstReads?: (client: QueryClient, user: UserRecord) => void;
}

/**
 * The person looking at the screens: null for a visitor; `role` null for an unknown role. A
 * student's `menu` is what its menu offers (`studentMenuState`), absent while not read yet.
 */
export type Viewer = { role: Role | null; menu?: StudentMenuState } | null;

export function viewerOf(
  user: { roles: readonly string[] } | null | undefined,
  menu?: StudentMenuState,
): Viewer {
  if (!user) return null;
  const role = normalizeRole(user.roles[0]);
  return menu ? { role, menu } : { role };
}

/** Whether a student's menu reads its state from the server (`useStudentMenu`, app/studentMenu.ts). */
export const readsStudentMenu = (viewer: Viewer): boolean => viewer?.role === ETUDIANT;

const HomePage = lazyPage(() => import('../features/home/HomePage'));
const FaqPage = lazyPage(() => import('../features/home/FaqPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const LogoutPage = lazyPage(() => import('../features/auth/LogoutPage'));
const PasswordPage = lazyPage(() => import('../features/auth/PasswordPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const PhonePage = lazyPage(() => import('../features/phone/PhonePage'));
const ProcurationsPage = lazyPage(() => import('../features/procurations/ProcurationsPage'));
const AidePage = lazyPage(() => import('../features/procurations/AidePage'));
const UssdPage = lazyPage(() => import('../features/ussd/UssdPage'));
const SettingsLayout = lazyPage(() => import('../features/admin/SettingsLayout'));
const SettingsHome = lazyPage(() => import('../features/admin/SettingsHome'));
const ResourcePage = lazyPage(() => import('../features/admin/ResourcePage'));
const UsersPage = lazyPage(() => import('../features/admin/UsersPage'));
const ExportPage = lazyPage(() => import('../features/admin/ExportPage'));
const AgentsCitePage = lazyPage(() => import('../features/cite-life/AgentsCitePage'));
const RegistrationPage = lazyPage(() => import('../features/registration/RegistrationPage'));
const DocumentsIndex = lazyPage(() => import('../features/documents/DocumentsIndex'));
const DocumentPage = lazyPage(() => import('../features/documents/DocumentPage'));
const RegistryPage = lazyPage(() => import('../features/registry/RegistryPage'));
const AuditPage = lazyPage(() => import('../features/audit/AuditPage'));
const StaffDashboardPage = lazyPage(() => import('../features/staff/StaffDashboardPage'));
const DepotDirectionPage = lazyPage(() => import('../features/staff/DepotDirectionPage'));
const DepotGeneralPage = lazyPage(() => import('../features/staff/DepotGeneralPage'));
const ConsultDossierEtudiantPage = lazyPage(() => import('../features/staff/ConsultDossierEtudiantPage'));
const AnalysePage = lazyPage(() => import('../features/staff/AnalysePage'));
const AnalyseDossierPage = lazyPage(() => import('../features/staff/AnalyseDossierPage'));

/** Staff, not a student reading its own data. */
const STAFF_SCOPES: readonly Scope[] = ['all', 'direction'];
const DashboardPage = lazyPage(() => import('../features/dossier/DashboardPage'));
const DepotPage = lazyPage(() => import('../features/dossier/DepotPage'));
const ConsultDossierPage = lazyPage(() => import('../features/dossier/ConsultDossierPage'));
const EditDossierPage = lazyPage(() => import('../features/dossier/EditDossierPage'));
const DeliberationPage = lazyPage(() => import('../features/deliberation/DeliberationPage'));
const ResultatPage = lazyPage(() => import('../features/deliberation/ResultatPage'));
const ResultatIndexPage = lazyPage(() => import('../features/admissibles/ResultatIndexPage'));
const ListeAdmissiblePage = lazyPage(() => import('../features/admissibles/ListeAdmissiblePage'));
const CampagneChoixPage = lazyPage(() => import('../features/room-choice-staff/CampagneChoixPage'));
const ExportDeliberationPage = lazyPage(() => import('../features/admissibles/ExportDeliberationPage'));
const VerificationPage = lazyPage(() => import('../features/deliberation/VerificationPage'));
const ChargementAdmissiblesPage = lazyPage(() => import('../features/admissibles/ChargementAdmissiblesPage'));
const AffectationCitePage = lazyPage(() => import('../features/assignment/AffectationCitePage'));
const AffectationChambrePage = lazyPage(() => import('../features/assignment/AffectationChambrePage'));
const AttestationPage = lazyPage(() => import('../features/attestation/AttestationPage'));
const RecuPage = lazyPage(() => import('../features/rent/RecuPage'));
const LoyersPage = lazyPage(() => import('../features/rent/LoyersPage'));
const StatistiquesPage = lazyPage(() => import('../features/statistics/StatistiquesPage'));
const RapprochementPage = lazyPage(() => import('../features/rent/RapprochementPage'));
const DelaisReportesPage = lazyPage(() => import('../features/availability/DelaisReportesPage'));
const MonLoyerPage = lazyPage(() => import('../features/rent/MonLoyerPage'));
const ChoixChambrePage = lazyPage(() => import('../features/room-choice/ChoixChambrePage'));
const AgentDashboardPage = lazyPage(() => import('../features/cite-life/AgentDashboardPage'));
const EtatDesLieuxPage = lazyPage(() => import('../features/cite-life/EtatDesLieuxPage'));
const ResidentsPage = lazyPage(() => import('../features/cite-life/ResidentsPage'));
const ReportPage = lazyPage(() => import('../features/repairs/ReportPage'));
const InterventionsPage = lazyPage(() => import('../features/repairs/InterventionsPage'));
const InterventionPage = lazyPage(() => import('../features/repairs/InterventionPage'));
const DepartPage = lazyPage(() => import('../features/cite-life/DepartPage'));
const PaiementPage = lazyPage(() => import('../features/payments/PaiementPage'));
const SuiviPaiementPage = lazyPage(() => import('../features/payments/SuiviPaiementPage'));

/**
 * /tableau-de-bord is one route for two audiences: staff roles get the staff dashboard (its
 * funnels in their own chunk), a student its own page. Both lazy: neither weighs on
 * the other nor on the entry.
 */
function DashboardByRole() {
  const role = roleOf(useUser());
  if (can(role, 'dashboard')) return <StaffDashboardPage />;
  return can(role, 'cite.agent') ? <AgentDashboardPage /> : <DashboardPage />;
}
DashboardByRole.preload = (viewer: Viewer): Promise<void> => {
  const role = viewer?.role ?? null;
  if (can(role, 'dashboard')) return StaffDashboardPage.preload();
  return can(role, 'cite.agent') ? AgentDashboardPage.preload() : DashboardPage.preload();
};

/** Labels of the settings side panel's groups. */
export const SETTINGS_GROUPS: { group: MenuGroup; label: string }[] = [
  { group: 'cite', label: messages.groupeCite },
  { group: 'critere', label: messages.groupeCritere },
  { group: 'paiement', label: messages.groupePaiement },
  { group: 'autres', label: messages.groupeAutres },
  { group: 'administration', label: messages.groupeAdministration },
];

const RESOURCE_ICONS: Record<string, string> = {
  cite: 'pi pi-building',
  batiment: 'pi pi-home',
  niveau: 'pi pi-sort-amount-up-alt',
  couloir: 'pi pi-arrows-h',
  'categorie-chambre': 'pi pi-tags',
  'element-inventaire': 'pi pi-list-check',
  chambre: 'pi pi-th-large',
  lit: 'pi pi-inbox',
  quota: 'pi pi-percentage',
  'type-critere': 'pi pi-list',
  critere: 'pi pi-check-square',
  direction: 'pi pi-sitemap',
  ville: 'pi pi-map-marker',
  'session-cenou': 'pi pi-calendar',
  'type-paiement': 'pi pi-credit-card',
  operateur: 'pi pi-mobile',
  users: 'pi pi-users',
};

/** One settings screen per reference-data resource, the export screen after the quotas. */
function settingsRoutes(): AppRoute[] {
  const out: AppRoute[] = [];
  for (const def of RESOURCE_SCREENS) {
    out.push({
      path: def.path,
      label: def.title,
      icon: RESOURCE_ICONS[def.name],
      access: { kind: 'permission', permission: def.write },
      element: def.name === 'users' ? <UsersPage /> : <ResourcePage resource={def.name} />,
      parent: paths.parametre,
      group: def.menuGroup,
    });
    if (def.name === 'users') {
      // The cité agents' cités (docs/life-in-the-cite.md), by the accounts they belong to.
      out.push({
        path: paths.agentsCite,
        label: messages.menuAgentsCite,
        icon: 'pi pi-id-card',
        access: { kind: 'permission', permission: 'users.manage' },
        element: <AgentsCitePage />,
        parent: paths.parametre,
        group: 'administration',
      });
    }
    if (def.name === 'quota') {
      out.push({
        path: paths.exportCites,
        label: messages.exportMenu,
        icon: 'pi pi-download',
        access: { kind: 'permission', permission: 'reference.write' },
        element: <ExportPage />,
        parent: paths.parametre,
        group: 'cite',
      });
    }
  }
  return out;
}

export const ROUTES: AppRoute[] = [
  {
    path: paths.accueil,
    label: messages.menuAccueil,
    icon: 'pi pi-home',
    access: { kind: 'public' },
    element: <HomePage />,
    menu: 'main',
  },
  {
    path: paths.tableauDeBord,
    label: messages.menuTableauDeBord,
    icon: 'pi pi-th-large',
    access: { kind: 'permission', permission: ['dashboard', 'dossier.deposit', 'cite.agent'] },
    element: <DashboardByRole />,
    menu: 'main',
    firstReads: (client, user) => {
      // The student's only: staff and the cités' agents have dashboards of their own.
      if (can(roleOf(user), 'dossier.deposit')) askDashboardReads(client, user.username);
    },
  },
  {
    path: paths.depot,
    label: messages.menuDepot,
    icon: 'pi pi-upload',
    access: { kind: 'permission', permission: 'dossier.deposit' },
    element: <DepotPage />,
    menu: 'main',
    // Hidden while the student's direction takes no deposit (the page, opened by its address, says why).
    menuWhen: (state) => state.depot !== false,
    menuShownUnread: true,
    firstReads: (client, user) => askDepotReads(client, user.username),
  },
  {
    path: paths.depotDirection,
    label: messages.menuDepotDirection,
    icon: 'pi pi-sitemap',
    access: { kind: 'permission', permission: 'dossier.read', scopes: STAFF_SCOPES },
    element: <DepotDirectionPage />,
    menu: 'main',
    section: 'depot',
  },
  {
    path: paths.depotGeneral,
    label: messages.menuDepotGeneral,
    icon: 'pi pi-folder-open',
    access: { kind: 'permission', permission: 'dossier.read', scopes: STAFF_SCOPES },
    element: <DepotGeneralPage />,
    menu: 'main',
    section: 'depot',
  },
  {
    path: paths.consultDossierEtudiant,
    label: messages.consultDossierTitre,
    icon: 'pi pi-eye',
    access: { kind: 'permission', permission: 'dossier.read', scopes: STAFF_SCOPES },
    element: <ConsultDossierEtudiantPage />,
  },
  {
    path: paths.analyse,
    label: messages.menuCommission,
    icon: 'pi pi-check-square',
    access: { kind: 'permission', permission: 'dossier.analyse' },
    element: <AnalysePage />,
    menu: 'main',
  },
  {
    path: paths.analyseDossier,
    label: messages.analyseTitre,
    icon: 'pi pi-check-square',
    access: { kind: 'permission', permission: 'dossier.analyse' },
    element: <AnalyseDossierPage />,
  },
  {
    path: paths.consultDossier,
    label: messages.consultDossierTitre,
    icon: 'pi pi-eye',
    // The student's own dossier; staff are sent to the dossier's staff page by the server's answer
    // (ConsultDossierPage: a dossier that does not exist reads « Dossier introuvable »).
    access: { kind: 'permission', permission: 'dossier.read' },
    element: <ConsultDossierPage />,
  },
  {
    path: paths.editDossier,
    label: messages.modifier,
    icon: 'pi pi-pencil',
    access: { kind: 'permission', permission: 'dossier.deposit' },
    element: <EditDossierPage />,
  },
  {
    path: paths.deliberation.deliberation,
    label: messages.menuDeliberation,
    icon: 'pi pi-sort-amount-down',
    // Every signed-in user may open it (others read that it is for regional directions).
    access: { kind: 'permission', permission: 'password.own' },
    menuAccess: { kind: 'permission', permission: 'deliberation', scopes: ['direction'] },
    element: <DeliberationPage />,
    menu: 'main',
  },
  {
    path: paths.deliberation.resultat,
    label: messages.menuResultat,
    icon: 'pi pi-list-check',
    access: {
      kind: 'permission',
      permission: ['admissibles.read', 'deliberation.export', 'admissibles.upload'],
      scopes: STAFF_SCOPES,
    },
    element: <ResultatIndexPage />,
    menu: 'main',
  },
  {
    path: paths.deliberation.listeAdmissible,
    label: messages.listeAdmissibleTitre,
    icon: 'pi pi-list',
    access: { kind: 'permission', permission: 'admissibles.read', scopes: STAFF_SCOPES },
    element: <ListeAdmissiblePage />,
  },
  {
    path: paths.deliberation.exportDeliberation,
    label: messages.exportDeliberationTitre,
    icon: 'pi pi-file-export',
    access: { kind: 'permission', permission: 'deliberation.export', scopes: STAFF_SCOPES },
    element: <ExportDeliberationPage />,
  },
  {
    path: paths.deliberation.chargementAdmissibles,
    label: messages.chargementTitre,
    icon: 'pi pi-cloud-upload',
    access: { kind: 'permission', permission: 'admissibles.upload' },
    element: <ChargementAdmissiblesPage />,
  },
  {
    path: paths.deliberation.verification,
    label: messages.verificationTitre,
    icon: 'pi pi-check-square',
    access: { kind: 'permission', permission: 'audit' },
    element: <VerificationPage />,
  },
  {
    path: paths.deliberation.monResultat,
    label: messages.monResultatTitre,
    icon: 'pi pi-star',
    access: { kind: 'permission', permission: 'dossier.deposit' },
    element: <ResultatPage />,
  },
  {
    path: paths.affectation.cite,
    label: messages.menuAffectationCite,
    icon: 'pi pi-building',
    access: { kind: 'permission', permission: 'assignment.manage' },
    element: <AffectationCitePage />,
    menu: 'main',
    section: 'affectation',
  },
  {
    // The regional manager's room view (docs/assignment.md).
    path: paths.affectation.chambre,
    label: messages.menuAffectationChambre,
    icon: 'pi pi-th-large',
    access: { kind: 'permission', permission: 'assignment.manage', scopes: ['direction'] },
    element: <AffectationChambrePage title={messages.menuAffectationChambre} />,
    menu: 'main',
    section: 'affectation',
  },
  {
    // The same view for central staff and the admin (its path kept from the original client), under
    // the same name: one screen, one name in every menu (decision 048).
    path: paths.affectation.lit,
    label: messages.menuAffectationChambre,
    icon: 'pi pi-th-large',
    access: { kind: 'permission', permission: 'assignment.manage', scopes: ['all'] },
    element: <AffectationChambrePage title={messages.menuAffectationChambre} />,
    menu: 'main',
    section: 'affectation',
  },
  {
    // Room choice (docs/room-choice.md): the campaign, its slots and its live follow-up.
    path: paths.campagneChoix,
    label: messages.menuChoixChambres,
    icon: 'pi pi-key',
    access: { kind: 'permission', permission: 'roomchoice.manage', scopes: STAFF_SCOPES },
    element: <CampagneChoixPage />,
    menu: 'main',
    section: 'affectation',
  },
  {
    // Rent (docs/rent.md): the arrears per session and cité, cash at the counter. Money, not a bed:
    // an entry of its own, after the assignment's submenu (decision 048).
    path: paths.loyers,
    label: messages.menuLoyers,
    icon: 'pi pi-wallet',
    access: { kind: 'permission', permission: 'rent.manage' },
    element: <LoyersPage />,
    menu: 'main',
  },
  {
    // The agency's statistics over years (docs/statistics.md): staff who read the figures.
    path: paths.statistiques,
    label: messages.menuStatistiques,
    icon: 'pi pi-chart-bar',
    access: { kind: 'permission', permission: 'statistics' },
    element: <StatistiquesPage />,
    menu: 'main',
  },
  {
    // The deadlines outages moved (docs/availability.md#the-deadlines-moved-staff): staff, each in
    // its scope.
    path: paths.delaisReportes,
    label: messages.menuDelaisReportes,
    icon: 'pi pi-history',
    access: { kind: 'permission', permission: 'outage.moves' },
    element: <DelaisReportesPage />,
    menu: 'main',
  },
  {
    // The daily reconciliation per operator and cité counter, reached from /loyers (docs/rent.md).
    path: paths.rapprochement,
    label: messages.rapprochementTitre,
    icon: 'pi pi-calendar',
    access: { kind: 'permission', permission: 'rent.manage' },
    element: <RapprochementPage />,
  },
  {
    // The student's room choice, reached from its dashboard's card while a campaign gives it a slot.
    path: paths.choixChambre,
    label: messages.menuChoixChambre,
    icon: 'pi pi-key',
    access: { kind: 'permission', permission: 'roomchoice.choose' },
    element: <ChoixChambrePage />,
    firstReads: (client, user) => askRoomChoiceReads(client, user.username),
  },
  {
    path: paths.monArrivee,
    label: messages.menuArrivee,
    icon: 'pi pi-key',
    access: { kind: 'permission', permission: 'cite.inventory', scopes: ['own'] },
    element: <EtatDesLieuxPage />,
    menu: 'main',
    menuWhen: (state) => state.resident,
  },
  {
    path: paths.etatDesLieuxRoute,
    label: messages.arriveeEnCite,
    icon: 'pi pi-key',
    access: { kind: 'permission', permission: 'cite.inventory', scopes: ['all', 'cite'] },
    element: <EtatDesLieuxPage />,
  },
  {
    // The agent's residents (docs/life-in-the-cite.md#the-residents): in its menu; the admin may
    // open it too (every cité) without a menu entry.
    path: paths.residents,
    label: messages.menuResidents,
    icon: 'pi pi-users',
    access: { kind: 'permission', permission: 'cite.agent', scopes: ['all', 'cite'] },
    menuAccess: { kind: 'permission', permission: 'cite.agent', scopes: ['cite'] },
    element: <ResidentsPage />,
    menu: 'main',
  },
  {
    // One-task procurations (docs/procurations.md): the student gives a helper a code.
    path: paths.procurations,
    label: messages.menuProcurations,
    icon: 'pi pi-users',
    access: { kind: 'permission', permission: 'procuration.manage' },
    element: <ProcurationsPage />,
    menu: 'main',
  },
  {
    // The helper's page: public, its session held to the task it was given.
    path: paths.aide,
    label: messages.aideTitre,
    icon: 'pi pi-users',
    access: { kind: 'public' },
    element: <AidePage />,
  },
  {
    path: paths.signalerProbleme,
    label: messages.menuSignaler,
    icon: 'pi pi-wrench',
    // The resident's and the agent's (the admin reports through the API only).
    access: { kind: 'permission', permission: 'repair.report', scopes: ['own', 'cite'] },
    element: <ReportPage />,
    menu: 'main',
    menuWhen: (state) => state.resident,
  },
  {
    path: paths.mesDemandes,
    label: messages.menuMesDemandes,
    icon: 'pi pi-list',
    access: { kind: 'permission', permission: 'repair.read', scopes: ['own'] },
    element: <InterventionsPage />,
    menu: 'main',
    menuWhen: (state) => state.resident,
  },
  {
    path: paths.interventions,
    label: messages.menuInterventions,
    icon: 'pi pi-wrench',
    access: { kind: 'permission', permission: 'repair.read', scopes: ['all', 'direction', 'cite'] },
    element: <InterventionsPage />,
    menu: 'main',
  },
  {
    path: paths.interventionRoute,
    label: messages.menuInterventions,
    icon: 'pi pi-wrench',
    access: { kind: 'permission', permission: 'repair.read' },
    element: <InterventionPage />,
  },
  {
    path: paths.monDepart,
    label: messages.menuDepart,
    icon: 'pi pi-sign-out',
    access: { kind: 'permission', permission: 'cite.inventory', scopes: ['own'] },
    element: <DepartPage />,
    menu: 'main',
    menuWhen: (state) => state.depart,
  },
  {
    path: paths.departRoute,
    label: messages.departDeCite,
    icon: 'pi pi-sign-out',
    access: { kind: 'permission', permission: 'cite.inventory', scopes: ['all', 'cite'] },
    element: <DepartPage />,
  },
  {
    path: paths.monLoyer,
    label: messages.monLoyerTitre,
    icon: 'pi pi-wallet',
    access: { kind: 'permission', permission: 'rent.own' },
    element: <MonLoyerPage />,
    menu: 'main',
    menuWhen: (state) => state.loyer,
  },
  {
    path: paths.parametre,
    label: messages.menuReglages,
    icon: 'pi pi-cog',
    access: { kind: 'permission', permission: 'reference.write' },
    element: <SettingsHome />,
    layout: <SettingsLayout />,
    menu: 'main',
    section: 'reglages',
    sectionLabel: messages.menuParametres,
  },
  ...settingsRoutes(),
  {
    path: paths.journal,
    label: messages.journalTitre,
    icon: 'pi pi-history',
    access: { kind: 'permission', permission: 'audit' },
    element: <AuditPage />,
    parent: paths.parametre,
    group: 'administration',
  },
  {
    path: paths.registre,
    label: messages.registreTitre,
    icon: 'pi pi-id-card',
    access: { kind: 'permission', permission: 'registry.read' },
    element: <RegistryPage />,
    menu: 'main',
    section: 'reglages',
  },
  {
    path: paths.faq,
    label: messages.menuFaq,
    icon: 'pi pi-question-circle',
    access: { kind: 'public' },
    element: <FaqPage />,
    menu: 'main',
  },
  {
    path: paths.inscription,
    label: messages.sInscrire,
    icon: 'pi pi-user-plus',
    access: { kind: 'visitor' },
    element: <RegistrationPage />,
    menu: 'main',
  },
  {
    path: paths.connexion,
    label: messages.menuConnexion,
    icon: 'pi pi-sign-in',
    access: { kind: 'visitor' },
    element: <LoginPage />,
    menu: 'main',
  },
  {
    path: paths.motDePasseOublie,
    label: messages.motDePasseOublieTitre,
    icon: 'pi pi-key',
    access: { kind: 'visitor' },
    element: <ForgotPasswordPage />,
  },
  {
    path: paths.documents.index,
    label: messages.documentsTitre,
    icon: 'pi pi-folder-open',
    access: { kind: 'public' },
    element: <DocumentsIndex />,
  },
  {
    path: paths.documents.statutReglement,
    label: messages.docStatutReglementTitre,
    icon: 'pi pi-book',
    access: { kind: 'public' },
    element: <DocumentPage id="statutReglement" />,
  },
  {
    path: paths.documents.caution,
    label: messages.docCautionTitre,
    icon: 'pi pi-file-edit',
    access: { kind: 'public' },
    element: <DocumentPage id="caution" />,
  },
  {
    path: paths.documents.declarationHonneur,
    label: messages.docDeclarationHonneurTitre,
    icon: 'pi pi-verified',
    access: { kind: 'public' },
    element: <DocumentPage id="declarationHonneur" />,
  },
  {
    // Mobile money (docs/payments.md): the student pays its rent, then follows the payment.
    path: paths.paiement.payer,
    label: messages.menuPaiement,
    icon: 'pi pi-mobile',
    access: { kind: 'permission', permission: 'payment.mobile' },
    // Reached from the dashboard's assignment card and from « Payer par mobile money » on Mon loyer.
    element: <PaiementPage />,
  },
  {
    path: paths.paiement.suivi,
    label: messages.paiementSuiviTitre,
    icon: 'pi pi-mobile',
    access: { kind: 'permission', permission: 'payment.read' },
    element: <SuiviPaiementPage />,
  },
  {
    // What the certificate's QR code opens: no sign-in.
    path: paths.affectation.attestation,
    label: messages.attestationTitre,
    icon: 'pi pi-verified',
    access: { kind: 'public' },
    element: <AttestationPage />,
  },
  {
    // What a payment receipt's QR code opens: no sign-in (docs/rent.md#receipts).
    path: paths.recu,
    label: messages.recuPaiementTitre,
    icon: 'pi pi-verified',
    access: { kind: 'public' },
    element: <RecuPage />,
  },
  {
    path: paths.motDePasse,
    label: messages.changerMotDePasse,
    icon: 'pi pi-key',
    access: { kind: 'permission', permission: 'password.own' },
    element: <PasswordPage />,
    menu: 'profile',
  },
  {
    // The USSD phone drawn on a screen (docs/ussd.md#the-ussd-phone): staff walk the students' menu.
    path: paths.telephoneUssd,
    label: messages.menuUssd,
    icon: 'pi pi-mobile',
    access: { kind: 'permission', permission: 'ussd.simulate' },
    element: <UssdPage />,
    menu: 'profile',
  },
  {
    path: paths.telephone,
    label: messages.telephoneTitre,
    icon: 'pi pi-mobile',
    access: { kind: 'permission', permission: 'phone.own' },
    element: <PhonePage />,
    menu: 'profile',
  },
  {
    path: paths.deconnexion,
    label: messages.deconnexion,
    icon: 'pi pi-sign-out',
    access: { kind: 'public' },
    element: <LogoutPage />,
    menu: 'profile',
  },
];

/** May this viewer open this route? */
export function isAllowed(route: AppRoute, viewer: Viewer): boolean {
  switch (route.access.kind) {
    case 'public':
      return true;
    case 'visitor':
      return viewer === null;
    case 'permission': {
      if (viewer === null) return false;
      const { permission, scopes } = route.access;
      const list: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
      return list.some((p) => {
        const scope = scopeOf(viewer.role, p);
        return scope !== null && (!scopes || scopes.includes(scope));
      });
    }
  }
}

/** The routes this viewer may open. */
export function routesFor(viewer: Viewer, routes: AppRoute[] = ROUTES): AppRoute[] {
  return routes.filter(
    (r) =>
      isAllowed(r, viewer) && (!r.parent || routes.some((p) => p.path === r.parent && isAllowed(p, viewer))),
  );
}

/** The entries of a menu for this viewer (the profile menu only for signed-in users). */
export function menuFor(viewer: Viewer, place: MenuPlace, routes: AppRoute[] = ROUTES): AppRoute[] {
  if (place === 'profile' && viewer === null) return [];
  return routesFor(viewer, routes).filter(
    (r) =>
      r.menu === place &&
      (!r.menuAccess || isAllowed({ ...r, access: r.menuAccess }, viewer)) &&
      (!r.menuWhen ||
        !readsStudentMenu(viewer) ||
        (viewer?.menu !== undefined ? r.menuWhen(viewer.menu) : r.menuShownUnread === true)),
  );
}

/** One entry of the main menu as drawn: a link, or a submenu of links. */
export type MenuNode =
  | { kind: 'link'; route: AppRoute }
  | { kind: 'group'; section: MenuSection; label: string; icon: string; entries: AppRoute[] };

/**
 * The main menu of this viewer as drawn: flat (every entry a link, in the registry's order) or
 * grouped, where the entries of a section form one submenu at the place of its first entry. A
 * section with a single entry for this viewer stays a plain link (a manager's Registre).
 */
export function menuTree(viewer: Viewer, grouped: boolean, routes: AppRoute[] = ROUTES): MenuNode[] {
  const out: MenuNode[] = [];
  const groups = new Map<MenuSection, Extract<MenuNode, { kind: 'group' }>>();
  for (const route of menuFor(viewer, 'main', routes)) {
    if (!grouped || !route.section) {
      out.push({ kind: 'link', route });
      continue;
    }
    let group = groups.get(route.section);
    if (!group) {
      group = { kind: 'group', section: route.section, ...MENU_SECTIONS[route.section], entries: [] };
      groups.set(route.section, group);
      out.push(group);
    }
    group.entries.push(route);
  }
  return out.map((n) =>
    n.kind === 'group' && n.entries.length === 1 ? { kind: 'link', route: n.entries[0] } : n,
  );
}

/** The settings side panel: only groups holding at least one screen this viewer may open. */
export function settingsMenu(
  viewer: Viewer,
  routes: AppRoute[] = ROUTES,
): { group: MenuGroup; label: string; entries: AppRoute[] }[] {
  const allowed = routesFor(viewer, routes).filter((r) => r.parent === paths.parametre);
  return SETTINGS_GROUPS.map((g) => ({ ...g, entries: allowed.filter((r) => r.group === g.group) })).filter(
    (g) => g.entries.length > 0,
  );
}

/** The registered route of each path asked lately (paths with an id are many: at most 100 kept). */
const ROUTE_AT = new Map<string, AppRoute | undefined>();

/** The registered route matching a path (for the breadcrumb). */
export function routeAt(pathname: string, routes: AppRoute[] = ROUTES): AppRoute | undefined {
  const find = () => routes.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
  if (routes !== ROUTES) return find();
  // Asked several times for one path while a page is drawn (its preload, its title, the
  // breadcrumb): each `matchPath` compiles its pattern, for every route before the one found.
  if (!ROUTE_AT.has(pathname)) {
    if (ROUTE_AT.size >= 100) ROUTE_AT.clear();
    ROUTE_AT.set(pathname, find());
  }
  return ROUTE_AT.get(pathname);
}

/** The route a visit of `pathname` draws, after the guard's redirects (undefined: none). */
function routeToOpen(
  pathname: string,
  search: string,
  viewer: Viewer,
  routes: AppRoute[],
): AppRoute | undefined {
  let route = routeAt(pathname, routes);
  if (route && !isAllowed(route, viewer)) {
    const sentTo =
      route.access.kind === 'visitor'
        ? afterSignin(viewer?.role ?? null, search)
        : viewer === null
          ? paths.connexion
          : null;
    route = sentTo === null ? undefined : routeAt(sentTo.split(/[?#]/)[0], routes);
    if (route && !isAllowed(route, viewer)) route = undefined;
  }
  return route;
}

/**
 * Asks the code of the page at `pathname` (with its parent's layout) before the first render
 * (`main.tsx`), so that the page is drawn at once and not after 'Chargement…'
 * (docs/decisions/027-lean-student-app.md). A page this viewer may not open asks, as the Guard
 * will, the page it is sent to: a signed-in user's landing for a visitor-only page, the sign-in
 * page for a visitor. Resolves when the code is there; rejects when it could not load.
 */
export function preloadPage(
  pathname: string,
  search: string,
  viewer: Viewer,
  routes: AppRoute[] = ROUTES,
): Promise<void> {
  const route = routeToOpen(pathname, search, viewer, routes);
  if (!route) return Promise.resolve();
  const parent = route.parent ? routes.find((r) => r.path === route.parent) : undefined;
  const loads = [route.element, route.layout, parent?.layout].map((element) => {
    const type = element?.type as { preload?: (viewer: Viewer) => Promise<void> } | undefined;
    return type?.preload?.(viewer);
  });
  return Promise.all(loads).then(() => undefined);
}

/**
 * Asks the first reads of the page a visit opens (`AppRoute.firstReads`), with its code and before
 * the first render (main.tsx): the signed-in student's pages only.
 */
export function askFirstReads(
  pathname: string,
  search: string,
  user: UserRecord | null,
  client: QueryClient,
  routes: AppRoute[] = ROUTES,
): void {
  if (!user) return;
  routeToOpen(pathname, search, viewerOf(user), routes)?.firstReads?.(client, user);
}

/**
 * Breadcrumb of a path: home, then one crumb per segment that names a page, labelled from the
 * registry (French names only, never a raw segment). A segment that is no page of its own
 * (`/consult-dossier` of `/consult-dossier/12`) gives no crumb, so that no crumb leads to a missing
 * page. On a path no page answers (a « page introuvable »), its last segment is named after the
 * page it belongs to (`/consult-dossier` without its number: « Consultation du dossier »), and a
 * segment no page knows gives no crumb.
 */
export function breadcrumb(pathname: string, routes: AppRoute[] = ROUTES): { path: string; label: string }[] {
  const crumbs: { path: string; label: string }[] = [{ path: paths.accueil, label: messages.menuAccueil }];
  const segments = pathname.split('/').filter(Boolean);
  const known = routeAt(pathname, routes) !== undefined;
  let current = '';
  for (const [index, segment] of segments.entries()) {
    current += `/${segment}`;
    const route =
      routeAt(current, routes) ??
      (known || index < segments.length - 1
        ? undefined
        : // The page this segment begins, its parameters missing (`/consult-dossier/:idDossier`).
          routes.find((r) => r.path.startsWith(`${current}/:`)));
    if (!route) continue;
    if (crumbs.at(-1)?.label === route.label) crumbs.pop();
    crumbs.push({ path: current, label: route.label });
  }
  return crumbs;
}
