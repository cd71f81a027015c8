import { ADMIN, AGENT_CITE, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, type Role } from './enums';

/**
 * docs/roles.md as data: for each capability, the roles allowed and their scope.
 * `all`: every direction; `direction`: only the user's own direction; `own`: only the user's own data;
 * `cite`: only the cités the admin gave the agent.
 * The server checks these on every route; the client reads them to draw menus.
 */
export type Scope = 'all' | 'direction' | 'own' | 'cite';

export const PERMISSIONS = {
  'reference.read': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'all' },
  'reference.write': { [ADMIN]: 'all' },
  'users.manage': { [ADMIN]: 'all' },
  'registry.read': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  'registry.import': { [ADMIN]: 'all' },
  'password.own': {
    [ADMIN]: 'own',
    [GESTIONNAIRE_CENOU]: 'own',
    [GESTIONNAIRE_DR]: 'own',
    [ETUDIANT]: 'own',
    [AGENT_CITE]: 'own',
  },
  'dossier.deposit': { [ETUDIANT]: 'own' },
  /** The deposit's draft a helper prepares (docs/procurations.md): read and save it, never deposit it. */
  'dossier.draft': { [ETUDIANT]: 'own' },
  /** One's own one-task procurations: give, list, revoke (docs/procurations.md). */
  'procuration.manage': { [ETUDIANT]: 'own' },
  'dossier.read': {
    [ADMIN]: 'all',
    [GESTIONNAIRE_CENOU]: 'all',
    [GESTIONNAIRE_DR]: 'direction',
    [ETUDIANT]: 'own',
  },
  'dossier.analyse': { [ADMIN]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  dashboard: { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  /** The agency's statistics over years (docs/statistics.md): GESTIONNAIRE_DR its own direction. */
  statistics: { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  deliberation: { [ADMIN]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  'admissibles.read': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  'admissibles.upload': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all' },
  'deliberation.export': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  assignment: {
    [ADMIN]: 'all',
    [GESTIONNAIRE_CENOU]: 'all',
    [GESTIONNAIRE_DR]: 'direction',
    [ETUDIANT]: 'own',
  },
  /** Assign, move and cancel beds, read the free beds and the students waiting for one (staff only). */
  'assignment.manage': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  /** Pay one's own rent by mobile money (docs/payments.md). */
  'payment.mobile': { [ETUDIANT]: 'own' },
  /** Follow a payment: the student its own, staff (GESTIONNAIRE_CENOU all, GESTIONNAIRE_DR its direction). */
  'payment.read': { [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction', [ETUDIANT]: 'own' },
  /** The USSD phone drawn on a screen: walk the students' USSD menu as a phone would (docs/ussd.md). */
  'ussd.simulate': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all' },
  /** Answer one's own admission offer (docs/roles.md 'answer an offer'). */
  'offer.answer': { [ETUDIANT]: 'own' },
  /** Withdraw an admission, even an accepted one (docs/roles.md 'withdraw an admission'). */
  'offer.withdraw': { [ADMIN]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  audit: { [ADMIN]: 'all' },
  /** Rent (docs/rent.md): the student's own instalments, payments and balance. */
  'rent.own': { [ETUDIANT]: 'own' },
  /** Rent (docs/rent.md): the arrears list and its exports, a cash payment at the counter (docs/rent.md#cash-at-the-counter: staff). */
  'rent.manage': { [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  /** One's own phone for the SMS: see it, verify a new number by a code (decision 030). */
  'phone.own': { [ETUDIANT]: 'own' },
  /** The mails and SMS sent to students: per student and per session (docs/messages.md#sms). */
  'messages.read': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  /** Room choice (docs/room-choice.md): create, change, cancel and follow a campaign. */
  'roomchoice.manage': { [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  /** Room choice: one's own slot, group, hold and confirmation. */
  'roomchoice.choose': { [ETUDIANT]: 'own' },
  /** Room choice: cancel a hold (the student its own; staff any of their direction). */
  'roomchoice.hold': { [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction', [ETUDIANT]: 'own' },
  /** Life in the cité (docs/life-in-the-cite.md): the agent's dashboard, a key handed, an inventory countersigned. */
  'cite.agent': { [ADMIN]: 'all', [AGENT_CITE]: 'cite' },
  /** A room's inventory: the resident its own assignment's, an agent those of its cités. */
  'cite.inventory': { [ADMIN]: 'all', [AGENT_CITE]: 'cite', [ETUDIANT]: 'own' },
  /** The resumable uploads (each upload its sender's): a student's proofs and photos, an agent's photos. */
  upload: { [AGENT_CITE]: 'own', [ETUDIANT]: 'own' },
  /** Photos of an inventory sent through the resumable uploads. */
  'photo.upload': { [AGENT_CITE]: 'own', [ETUDIANT]: 'own' },
  /** The deadlines an outage moved (docs/availability.md#the-deadlines-moved-staff): staff read them. */
  'outage.moves': { [ADMIN]: 'all', [GESTIONNAIRE_CENOU]: 'all', [GESTIONNAIRE_DR]: 'direction' },
  /** Repairs (docs/life-in-the-cite.md#repairs): report one (a resident its room and cité), confirm or reopen it. */
  'repair.report': { [ADMIN]: 'all', [AGENT_CITE]: 'cite', [ETUDIANT]: 'own' },
  /** Repairs: take and resolve a request of one's cités. */
  'repair.handle': { [ADMIN]: 'all', [AGENT_CITE]: 'cite' },
  /** Repairs: read the requests, their history and photos, the figures per cité (staff read-only). */
  'repair.read': {
    [ADMIN]: 'all',
    [GESTIONNAIRE_CENOU]: 'all',
    [GESTIONNAIRE_DR]: 'direction',
    [AGENT_CITE]: 'cite',
    [ETUDIANT]: 'own',
  },
} as const satisfies Record<string, Partial<Record<Role, Scope>>>;

export type Permission = keyof typeof PERMISSIONS;

export function scopeOf(role: Role | null | undefined, permission: Permission): Scope | null {
  if (!role) return null;
  const entry = PERMISSIONS[permission] as Partial<Record<Role, Scope>>;
  return entry[role] ?? null;
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return scopeOf(role, permission) !== null;
}
