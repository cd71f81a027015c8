import {
  ETUDIANT,
  normalizeRole,
  type EtatSession,
  type Role,
  type StatutSession,
} from '../../../domain/enums';
import { users } from '../../../domain/resources/definitions';
import { messages } from '../../../domain/messages';
import type { ResourceName } from '../../../domain/resources/definitions';
import type { ResourceRow } from '../../../domain/resources/types';
import { usersListParams } from '../../../domain/schemas/resources';
import { villeKey } from '../../../domain/villes';
import { anneeAcademique, isActiveStatus, sessionChangeRefusal } from '../../../domain/workflow';
import type { Db } from '../../db/client';
import { AppError, fieldError, fieldErrors } from '../../errors';
import type { ResourceHooks, ResourceWriter, WriteContext } from '../../crud/service';
import { isReferenced } from '../../crud/repository';
import { hashPassword } from '../../security/passwords';
import { isUniqueViolation } from '../../db/transaction';
import { normalisePhone } from '../../../domain/phone';
import { defaultPremiereEcheance } from '../../../domain/rent';
import { sessionHasInstalments } from '../rent/repository';
import { lockOpenSession } from '../../sessions/open-session';
import {
  endTokens,
  insertAccount,
  phoneTakenByOther,
  softDeleteAccount,
  updateAccount,
  type AccountChange,
} from '../accounts/repository';
import {
  batimentHoldsOtherSex,
  categorieInCiteOfCouloir,
  citeOfPart,
  critereHasQuota,
  critereListe,
  holdsAssignment,
  holdsRooms,
  lockCite,
  lockDirection,
  otherActiveSession,
  userNameContains,
  villeKeyTaken,
  type HousingPart,
} from './repository';
import { refuseLockout } from './users-service';

/**
 * Ville: keeps the matching key used for names given in files (README.md); two villes whose
 * names match that way ('Bobo-Dioulasso', 'bobo dioulasso') would make files ambiguous (409).
 */
const villeHooks: ResourceHooks = {
  async beforeWrite({ tx, id }, data) {
    if (data.nomVille === undefined) return;
    const cleVille = villeKey(String(data.nomVille));
    data.cleVille = cleVille;
    if (await villeKeyTaken(tx, cleVille, id))
      throw new AppError('DOUBLON', 'erreurDoublon', [
        { champ: 'nomVille', message: messages.erreurDoublon },
      ]);
  },
};

/**
 * An account's direction follows its role (docs/roles.md#the-five-roles): a regional manager or a
 * student has one, the admin and the central manager none. The body's schema checks the values it
 * carries; this completes it with the stored value when an update leaves the direction out: a
 * national role then drops the stored direction, a regional one must have one.
 */
function accountDirection(ctx: WriteContext, data: Record<string, unknown>, role: Role) {
  const regional = directionRoles.includes(role);
  const stored = ctx.existing?.idDirection ?? null;
  const direction = data.idDirection === undefined ? stored : data.idDirection;
  if (!regional) {
    if (data.idDirection != null) throw fieldError('idDirection', 'directionSansObjet');
    data.idDirection = null;
  } else if (direction == null) throw fieldError('idDirection', 'champObligatoire');
}
const directionRoles: readonly string[] = users.fields.find((f) => f.name === 'idDirection')!.onlyWhen!
  .values;

/**
 * Users (docs/accounts.md): admin only; staff roles only (a student account comes from registration);
 * the password is hashed, never returned; a new password or a delete ends older tokens; no write
 * leaves the platform without an admin, nor an admin locked out by its own hand (`refuseLockout`).
 */
/**
 * An account's columns from the data the users hooks completed (the role normalised, the password
 * replaced by its hash): each key is named, so that a field added to the resource and not written
 * here fails loudly rather than being dropped.
 */
function accountChange(data: Record<string, unknown>): AccountChange {
  const change: AccountChange = {};
  const text = (v: unknown) => String(v);
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || key === 'password2') continue;
    switch (key) {
      case 'userName':
        change.userName = text(value);
        break;
      case 'nom':
        change.nom = text(value);
        break;
      case 'prenom':
        change.prenom = text(value);
        break;
      case 'email':
        change.email = text(value);
        break;
      case 'telephone':
        change.telephone = value === null ? null : text(value);
        break;
      case 'role':
        change.role = value as Role;
        break;
      case 'idDirection':
        change.idDirection = value === null ? null : Number(value);
        break;
      case 'passwordHash':
        change.passwordHash = text(value);
        break;
      case 'tokenVersion':
        change.tokenVersion = Number(value);
        break;
      default:
        throw new Error(`Account field with no column: ${key}`);
    }
  }
  return change;
}

/** The clear refusal of a number another live account holds (the unique index, or its check before it). */
const phoneTaken = () =>
  new AppError('DOUBLON', 'telephoneCompteDejaPris', [
    { champ: 'telephone', message: messages.telephoneCompteDejaPris },
  ]);

/** A write that lost the race for a number to another account's: the same refusal as the check's. */
async function phoneUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'users_telephone_live')) throw phoneTaken();
    throw err;
  }
}

/** The settings screen's writes of an account, through the accounts repository (its one writer). */
const accountWriter: ResourceWriter = {
  insert(tx, data) {
    const change = accountChange(data);
    const { userName, nom, prenom, email, role, passwordHash } = change;
    if (!userName || !nom || !prenom || !email || !role || !passwordHash) throw new Error('Compte incomplet');
    return phoneUnique(() =>
      insertAccount(tx, {
        userName,
        nom,
        prenom,
        email,
        role,
        passwordHash,
        idDirection: change.idDirection ?? null,
        telephone: change.telephone ?? null,
      }),
    );
  },
  update: (tx, id, data) => phoneUnique(() => updateAccount(tx, id, accountChange(data))),
  softDelete: softDeleteAccount,
};

/**
 * A staff account's phone (where its SMS go: a cité agent's emergencies and late repairs), stored
 * normalised (`+226…`, src/domain/phone.ts) so that one number written two ways is one number;
 * unique among live accounts (a student's verified number included: 409 naming `telephone`). A
 * student's number is the one it verified itself: the admin leaves it as it is (400 otherwise).
 */
async function accountPhone(ctx: WriteContext, data: Record<string, unknown>, role: Role) {
  if (data.telephone === undefined) return;
  const telephone = data.telephone === null ? null : normalisePhone(String(data.telephone));
  if (data.telephone !== null && telephone === null) throw fieldError('telephone', 'telephoneNonValide');
  const stored = ctx.existing?.telephone ?? null;
  if (role === ETUDIANT && telephone !== stored) throw fieldError('telephone', 'telephoneEtudiantParLuiMeme');
  data.telephone = telephone;
  if (telephone !== null && telephone !== stored && (await phoneTakenByOther(ctx.tx, telephone, ctx.id ?? 0)))
    throw phoneTaken();
}

export const userHooks: ResourceHooks = {
  writer: accountWriter,
  async beforeWrite(ctx, data) {
    const role = normalizeRole(data.role);
    if (!role) throw fieldError('role', 'choixInvalide');
    const wasStudent = ctx.existing?.role === ETUDIANT;
    if (role === ETUDIANT && !wasStudent) throw fieldError('role', 'roleEtudiantInterdit');
    if (wasStudent && role !== ETUDIANT) throw fieldError('role', 'roleEtudiantInterdit');
    data.role = role;
    accountDirection(ctx, data, role);
    await accountPhone(ctx, data, role);
    const password = data.password;
    delete data.password;
    if (typeof password === 'string' && password !== '') {
      data.passwordHash = await hashPassword(password);
      if (ctx.mode === 'update') data.tokenVersion = Number(ctx.existing?.tokenVersion ?? 0) + 1;
    }
    if (ctx.existing && ctx.id)
      await refuseLockout(ctx.tx, ctx.actor, { id: ctx.id, role: ctx.existing.role, after: role });
  },
  async beforeDelete({ tx, actor, id, existing }) {
    await refuseLockout(tx, actor, { id, role: existing.role, after: 'deleted' });
  },
  async afterDelete({ tx, id }) {
    await endTokens(tx, id);
  },
  listParams: usersListParams,
  listConditions(query) {
    const text = typeof query.username === 'string' ? query.username.trim() : '';
    return text ? [userNameContains(text)] : [];
  },
  toResponse(row: ResourceRow) {
    const { password: _p, passwordHash: _h, password_hash: _hh, ...rest } = row as Record<string, unknown>;
    return rest;
  },
};

/**
 * Sessions (docs/sessions-and-dossiers.md): at most one OUVERT or SUSPENDU session per direction; the phase only
 * moves forward and FERME ends a session (rules in src/domain/workflow.ts); the academic year
 * comes from the opening date; a session in use (quotas, dossiers) stays with its direction.
 * The generic update holds the session row `FOR UPDATE`: workflow writes holding it `FOR SHARE`
 * (lockOpenSession) finish first, later ones see the new state.
 */
const sessionHooks: ResourceHooks = {
  async beforeWrite(ctx, data) {
    const { tx, existing, id } = ctx;
    data.anneeDebut = anneeAcademique(String(data.dateOuverture)).anneeDebut;
    // Rent (docs/rent.md#instalments): blank, the first instalment falls on 5 November of the first year.
    if (data.premiereEcheance === null)
      data.premiereEcheance = defaultPremiereEcheance(Number(data.anneeDebut));
    if (existing && id && (await sessionRentChanges(tx, id, existing, data)))
      throw new AppError('CONFLIT', 'loyerSessionFigee', [
        { champ: 'moisLoyer', message: messages.loyerSessionFigee },
      ]);
    const fermeture = data.dateFermeture !== undefined ? data.dateFermeture : existing?.dateFermeture;
    if (fermeture && String(fermeture) < String(data.dateOuverture)) {
      throw fieldErrors([{ champ: 'dateFermeture', message: messages.dateFermetureAvantOuverture }]);
    }
    if (existing && id) {
      const before = {
        etatSession: existing.etatSession as EtatSession,
        statutSession: existing.statutSession as StatutSession,
      };
      const refusal = sessionChangeRefusal(before, {
        etatSession: (data.etatSession as EtatSession | undefined) ?? before.etatSession,
        statutSession: data.statutSession as StatutSession,
      });
      if (refusal) throw new AppError('SESSION_FERMEE', refusal);
      if (data.idDirection !== existing.idDirection && (await isReferenced(tx, ctx.def, id))) {
        throw fieldErrors([{ champ: 'idDirection', message: messages.sessionDirectionFigee }]);
      }
    }
    if (isActiveStatus(data.statutSession as StatutSession)) {
      // Serialise writers of the same direction, then look for another active session.
      await lockDirection(tx, data.idDirection as number);
      if (await otherActiveSession(tx, data.idDirection as number, id))
        throw new AppError('DOUBLON', 'sessionDejaOuverte', [
          { champ: 'statutSession', message: messages.sessionDejaOuverte },
        ]);
    }
  },
};

const isoDay = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? null : String(v);

/**
 * Whether an update changes a session's rent settings although instalments were already made
 * from them (docs/rent.md#instalments: they would no longer tell how those were made).
 */
async function sessionRentChanges(
  tx: Db,
  id: number,
  existing: Record<string, unknown>,
  data: Record<string, unknown>,
): Promise<boolean> {
  const mois = data.moisLoyer !== undefined && Number(data.moisLoyer) !== Number(existing.moisLoyer);
  const date =
    data.premiereEcheance !== undefined &&
    isoDay(data.premiereEcheance) !== isoDay(existing.premiereEcheance);
  return (mois || date) && (await sessionHasInstalments(tx, id));
}

/**
 * Quotas (docs/deliberation.md): only on a criterion of a deliberation list, on a session OUVERT and in
 * DELIBERATION (`lockOpenSession(…, 'quota')`), with a value above zero, one per session and
 * criterion. A quota moved to another session needs both sessions open in DELIBERATION.
 */
const quotaHooks: ResourceHooks = {
  // The reference check already holds the critère (KEY SHARE: its key cannot change, nor can it be
  // deleted); the session is held FOR SHARE by lockOpenSession, so a phase or status change waits.
  async beforeWrite(ctx, data) {
    const { tx, existing } = ctx;
    const critere = await critereListe(tx, data.idCritere as number);
    if (critere && !critere.liste)
      throw fieldErrors([{ champ: 'idCritere', message: messages.quotaCritereSansListe }]);
    const previous = existing?.idSessionCenou;
    if (previous != null && Number(previous) !== Number(data.idSessionCenou)) {
      await lockOpenSession(tx, { idSessionCenou: Number(previous) }, 'quota');
    }
    await lockOpenSession(tx, { idSessionCenou: Number(data.idSessionCenou) }, 'quota');
  },
  // A quota is deleted only while its session is OUVERT and in DELIBERATION, like any other change.
  async beforeDelete({ tx, existing }) {
    await lockOpenSession(tx, { idSessionCenou: Number(existing.idSessionCenou) }, 'quota');
  },
};

/**
 * Critère (docs/deliberation.md): a criterion that carries live quotas keeps its `listeDeliberation` (409
 * REFERENCE_UTILISEE): the quotas give places to that list, and a stored deliberation says which
 * list each quota fed. Remove its quotas first.
 */
const critereHooks: ResourceHooks = {
  async beforeWrite({ tx, id, existing }, data) {
    if (!id || !existing || data.listeDeliberation === undefined) return;
    if ((data.listeDeliberation ?? null) === (existing.listeDeliberation ?? null)) return;
    // The generic update holds the critère FOR UPDATE: a quota being created on it (which takes
    // KEY SHARE on the critère) waits for this change, then reads the new list.
    if (await critereHasQuota(tx, id))
      throw new AppError('REFERENCE_UTILISEE', 'critereListeFigee', [
        { champ: 'listeDeliberation', message: messages.critereListeFigee },
      ]);
  },
};

/** Chambre: its category belongs to the cité of its couloir (categories are per cité). */
const chambreHooks: ResourceHooks = {
  async beforeWrite(ctx, data) {
    const { tx } = ctx;
    await chambreMove(ctx, data);
    const row = await categorieInCiteOfCouloir(
      tx,
      data.idCategorieChambre as number,
      data.idCouloir as number,
    );
    if (row && !row.same)
      throw fieldErrors([{ champ: 'idCategorieChambre', message: messages.categorieAutreCite }]);
  },
};

/** Catégorie de chambre: stays in its cité once rooms use it. */
const categorieChambreHooks: ResourceHooks = {
  async beforeWrite({ tx, def, id, existing }, data) {
    if (id && existing && data.idCite !== existing.idCite && (await isReferenced(tx, def, id))) {
      throw fieldErrors([{ champ: 'idCite', message: messages.categorieCiteFigee }]);
    }
  },
};

// ---------------------------------------------------------------- housing and assignments

/** The cité a parent row (bâtiment, niveau or couloir) belongs to. */
async function citeOfParent(tx: Db, parent: 'cite' | 'batiment' | 'niveau' | 'couloir', id: unknown) {
  if (parent === 'cite') return Number(id);
  return citeOfPart(tx, parent, Number(id));
}

/**
 * A move of a part of the housing stock to another parent: refused while it holds a live assignment
 * (409 REFERENCE_UTILISEE), and refused when it would carry rooms into another cité, whose room
 * categories are not theirs (400 on the parent field). The cité is locked as an assignment locks it
 * (`FOR NO KEY UPDATE`): no bed is assigned in the part while the move is checked and written.
 * Nor is such a part deleted: the generic reference check refuses it (bed, room and cité are
 * referenced by `affectation`; a couloir, niveau or bâtiment still has live children).
 */
function moveRule(
  part: HousingPart,
  parentField: string,
  parent: 'cite' | 'batiment' | 'niveau' | 'couloir' | 'chambre',
) {
  return async (ctx: WriteContext, data: Record<string, unknown>) => {
    const { tx, id, existing } = ctx;
    if (!id || !existing || data[parentField] === undefined) return;
    if (Number(data[parentField]) === Number(existing[parentField])) return;
    const from = await citeOfPart(tx, part, id);
    if (from !== undefined) await lockCite(tx, from);
    if (await holdsAssignment(tx, part, id)) throw new AppError('REFERENCE_UTILISEE', 'logementAffecteFige');
    if (part === 'chambre' || part === 'lit' || parent === 'chambre') return;
    const to = await citeOfParent(tx, parent, data[parentField]);
    if (to !== undefined && to !== from && (await holdsRooms(tx, part, id)))
      throw fieldErrors([{ champ: parentField, message: messages.logementCategorieAutreCite }]);
  };
}

const batimentMove = moveRule('batiment', 'idCite', 'cite');

/**
 * Bâtiment: the move rule, and its sex changes only if no live assignment of the other sex is in
 * it (a MIXTE building may become M or F only when its students are all of that sex).
 */
const batimentHooks: ResourceHooks = {
  async beforeWrite(ctx, data) {
    await batimentMove(ctx, data);
    const { tx, id, existing } = ctx;
    const sexe = data.sexe;
    if (!id || !existing || sexe === existing.sexe || (sexe !== 'M' && sexe !== 'F')) return;
    await lockCite(tx, existing.idCite as number);
    if (await batimentHoldsOtherSex(tx, id, sexe))
      throw new AppError('CONFLIT', 'batimentSexeOccupe', [
        { champ: 'sexe', message: messages.batimentSexeOccupe },
      ]);
  },
};

const niveauHooks: ResourceHooks = {
  beforeWrite: moveRule('niveau', 'idBatiment', 'batiment'),
};

const couloirHooks: ResourceHooks = {
  beforeWrite: moveRule('couloir', 'idNiveau', 'niveau'),
};

const litHooks: ResourceHooks = {
  beforeWrite: moveRule('lit', 'idChambre', 'chambre'),
};

/** A chambre with a live assignment stays in its couloir (its category's cité is checked above). */
const chambreMove = moveRule('chambre', 'idCouloir', 'couloir');

/** Resource-specific rules, by resource name (a misspelt name does not compile). */
export const RESOURCE_HOOKS: Partial<Record<ResourceName, ResourceHooks>> = {
  ville: villeHooks,
  users: userHooks,
  'session-cenou': sessionHooks,
  quota: quotaHooks,
  critere: critereHooks,
  chambre: chambreHooks,
  'categorie-chambre': categorieChambreHooks,
  batiment: batimentHooks,
  niveau: niveauHooks,
  couloir: couloirHooks,
  lit: litHooks,
};
