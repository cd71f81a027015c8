import './room-choice.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { roomChoiceMessages as rc } from '../../../domain/messages-room-choice';
import { formatFcfa } from '../../../domain/money';
import { extensionRefusal, mySlotState, ROOM_CHOICE } from '../../../domain/room-choice';
import type { MineRead, RoomRow } from '../../../domain/schemas/room-choice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Loading';
import { LoadFailure } from '../../components/LoadFailure';
import { ApiError, errorMessage } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { useConnection } from '../../lib/network';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { assignmentKeys, fetchMonAffectation, telechargerAttestation } from '../assignment/api';
import { ouagaDateTime, ouagaTime } from '../offers/time';
import { useNow } from '../offers/useNow';
import {
  annulerReservation,
  confirmer,
  fetchMine,
  fetchRooms,
  inviter,
  prolonger,
  quitterGroupe,
  repondreInvitation,
  reserver,
  roomChoiceKeys,
  type RoomsRead,
} from './api';
import { clock, durationWords, WARNING_MS } from './time';
import { fullName as personName } from '../../../domain/format';

/** How often the rooms are revalidated (a 304 while nothing changed), and the slot and group read again. */
const ROOMS_EVERY_MS = 4_000;
const MINE_EVERY_MS = 10_000;

type Group = NonNullable<MineRead['groupe']>;
type Member = Group['membres'][number];
/** A room as the page names it: its label when it already says « Chambre », else « Chambre <label> ». */
const roomLabel = (libelle: string) =>
  /^chambre\s/i.test(libelle) ? libelle : fill(rc.choixChambre, { chambre: libelle });

/** A member's name; an invitee not yet in the group is named by its INE (its name is kept private until it accepts). */
const fullName = (m: Member) => personName(m.nomEtudiant, m.prenomEtudiant) || m.ine;
const MEMBER_STATE: Record<Member['statut'], string> = {
  INVITE: rc.membreINVITE,
  ACCEPTE: rc.membreACCEPTE,
  REFUSE: rc.membreREFUSE,
};
const sameIne = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
/** A cité's free beds for the student (or its group), as its button in the chooser says them. */
const bedsFor = (n: number) =>
  n === 0 ? rc.choixCiteLitsAucun : n === 1 ? rc.choixCiteLitsUn : fill(rc.choixCiteLits, { n });
const NOBODY: Member[] = [];
/** The longest wait a browser's timer takes (about 24.8 days); a later moment is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the moment `at` has come, the component drawn again once when it comes (a timer to that
 * moment, not a clock every second). False while `at` is unknown.
 */
function useReached(at: string | undefined): boolean {
  const when = at ? new Date(at).getTime() : Number.NaN;
  const [waits, setWaits] = useState(0);
  const reached = !Number.isNaN(when) && Date.now() >= when;
  useEffect(() => {
    if (Number.isNaN(when) || reached) return;
    const id = window.setTimeout(
      () => setWaits((n) => n + 1),
      Math.min(when - Date.now() + 1, LONGEST_TIMER_MS),
    );
    return () => window.clearTimeout(id);
  }, [when, reached, waits]);
  return reached;
}

/**
 * Where the slot stands: chosen, ended, opening in (its countdown) or open. The one part of the
 * slot's card that follows the clock: it alone is drawn again every second, not the page.
 */
function SlotStatus({ mine }: { mine: MineRead }) {
  const now = useNow(1000);
  const state = mySlotState(now, mine);
  if (state === 'CHOISI')
    return (
      <p className="notice notice-success" data-testid="choix-fait">
        {rc.creneauChoixFait}
      </p>
    );
  if (state === 'SANS_CHOIX') return <p className="notice notice-warning">{rc.creneauTermine}</p>;
  // A room held: what is left is to confirm it, not to choose one.
  if (state === 'EN_RESERVATION' && mine.reservation)
    return (
      <p className="notice notice-info" data-testid="creneau-reservation">
        {fill(rc.creneauReservation, { heure: ouagaTime(mine.reservation.expireA) })}
      </p>
    );
  if (state === 'PAS_ENCORE_OUVERT')
    return (
      <p className="notice notice-info room-choice-countdown" data-testid="creneau-ouvre-dans">
        {fill(rc.creneauOuvreDans, {
          duree: durationWords(new Date(mine.debutCreneau).getTime() - now.getTime()),
        })}
      </p>
    );
  return (
    <p className="notice notice-info" data-testid="creneau-ouvert">
      {rc.creneauOuvert}
    </p>
  );
}

/** The slot's card: drawn when the slot or the group changes (its dates formatted then), not with the clock. */
const SlotCard = memo(function SlotCard({
  mine,
  ine,
  group,
}: {
  mine: MineRead;
  ine: string;
  group: Member[];
}) {
  // The others of its group (itself not named), and the invitations still unanswered.
  const others = group.filter((m) => !sameIne(m.ine, ine));
  const pending = (mine.groupe?.membres ?? []).filter((m) => m.statut === 'INVITE').length;
  return (
    <section
      className="card room-choice-card room-choice-slot"
      aria-labelledby="creneau-titre"
      data-testid="mon-creneau"
    >
      <h2 id="creneau-titre">{rc.creneauTitre}</h2>
      <dl className="room-choice-facts">
        <div>
          <dt>{rc.creneauDebut}</dt>
          <dd data-champ="debutCreneau">{ouagaDateTime(mine.debutCreneau)}</dd>
        </div>
        <div>
          <dt>{rc.creneauFin}</dt>
          <dd data-champ="fin">{ouagaDateTime(mine.fin)}</dd>
        </div>
        <div>
          <dt>{rc.creneauGroupe}</dt>
          <dd data-champ="groupe">
            {others.length > 0
              ? fill(rc.creneauGroupeDe, { noms: others.map(fullName).join(', ') })
              : pending > 0
                ? fill(rc.creneauGroupeEnFormation, { n: pending })
                : rc.creneauSeul}
          </dd>
        </div>
      </dl>
      <SlotStatus mine={mine} />
      {group.length > 1 && <p className="field-hint">{rc.creneauGroupeAide}</p>}
    </section>
  );
});

function GroupCard({
  mine,
  ine,
  onChange,
}: {
  mine: MineRead;
  ine: string;
  onChange: () => Promise<unknown>;
}) {
  const toast = useToast();
  const [ines, setInes] = useState(['', '', '']);
  const [error, setError] = useState<string | null>(null);
  const group = mine.groupe;
  const me = group?.membres.find((m) => sameIne(m.ine, ine));
  const status = me?.statut ?? null;
  const done = (text: string) => {
    toast.success(text, undefined, WORKFLOW_LIFE);
    return onChange();
  };
  const failed = (err: unknown) => toast.failure(errorMessage(err));

  const invite = useMutation({
    mutationFn: (list: string[]) => inviter(list),
    onSuccess: () => {
      setInes(['', '', '']);
      setError(null);
      return done(rc.groupeInvitationsEnvoyees);
    },
    onError: (err) => {
      const text = err instanceof ApiError ? (err.fieldErrors().ines ?? err.message) : errorMessage(err);
      setError(text);
    },
  });
  const answer = useMutation({
    mutationFn: (reponse: 'ACCEPTE' | 'REFUSE') => repondreInvitation(group!.idGroupe, reponse),
    onSuccess: (_, reponse) => done(reponse === 'ACCEPTE' ? rc.groupeAccepte : rc.groupeRefuse),
    onError: failed,
  });
  const [leaving, setLeaving] = useState(false);
  const leave = useMutation({
    mutationFn: () => quitterGroupe(group!.idGroupe),
    onSuccess: () => done(messages.choixGroupeQuitte),
    onError: failed,
    onSettled: () => setLeaving(false),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = ines.map((i) => i.trim()).filter(Boolean);
    if (!list.length) {
      setError(rc.groupeAucunInvite);
      return;
    }
    invite.mutate(list);
  };

  // Alone and holding a room: its beds are taken for one, friends are invited before a hold.
  if (!group && mine.reservation) return null;

  return (
    <section
      className="card room-choice-card room-choice-group"
      aria-labelledby="groupe-titre"
      data-testid="mon-groupe"
    >
      <h2 id="groupe-titre">{rc.groupeTitre}</h2>
      {status === 'INVITE' && group ? (
        <div className="notice notice-info" data-testid="invitation-recue">
          <p>
            {fill(rc.groupeInvitationRecue, {
              noms: group.membres
                .filter((m) => m.statut === 'ACCEPTE')
                .map(fullName)
                .join(', '),
            })}
          </p>
          <div className="room-choice-actions">
            <button
              type="button"
              className="p-button p-component"
              disabled={answer.isPending}
              onClick={() => answer.mutate('ACCEPTE')}
            >
              <i className="pi pi-check" aria-hidden="true" />
              <span>{rc.groupeAccepter}</span>
            </button>
            <button
              type="button"
              className="p-button p-component p-button-outlined"
              disabled={answer.isPending}
              onClick={() => answer.mutate('REFUSE')}
            >
              <i className="pi pi-times" aria-hidden="true" />
              <span>{rc.groupeRefuser}</span>
            </button>
          </div>
        </div>
      ) : status === 'ACCEPTE' && group ? (
        <>
          <h3 className="room-choice-subtitle">{rc.groupeMembres}</h3>
          <ul className="room-choice-members" data-testid="membres">
            {group.membres.map((m) => (
              <li key={m.ine} data-ine={m.ine} data-statut={m.statut}>
                <span className="room-choice-member-name">
                  {sameIne(m.ine, ine) ? fill(rc.groupeVous, { nom: fullName(m) }) : fullName(m)}
                </span>
                {m.nomEtudiant !== null && <span className="room-choice-member-ine">{m.ine}</span>}
                <span className={`room-choice-member-state state-${m.statut.toLowerCase()}`}>
                  {MEMBER_STATE[m.statut]}
                </span>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-danger"
            disabled={leave.isPending}
            onClick={() => setLeaving(true)}
          >
            <i className="pi pi-sign-out" aria-hidden="true" />
            <span>{rc.groupeQuitter}</span>
          </button>
          {leaving && (
            <ConfirmDialog
              title={rc.groupeQuitter}
              testId="confirmation-quitter-groupe"
              cancelLabel={rc.groupeRester}
              confirmLabel={rc.groupeQuitter}
              danger
              pending={leave.isPending}
              onCancel={() => !leave.isPending && setLeaving(false)}
              onConfirm={() => leave.mutate()}
            >
              {rc.groupeQuitterConfirmation}
            </ConfirmDialog>
          )}
        </>
      ) : (
        <form className="room-choice-invite" onSubmit={submit} noValidate>
          <p className="field-hint" id="groupe-aide">
            {rc.groupeAide}
          </p>
          {ines.map((value, i) => (
            <div className="field" key={i}>
              <label htmlFor={`ine-ami-${i + 1}`}>{fill(rc.groupeIne, { n: i + 1 })}</label>
              <input
                id={`ine-ami-${i + 1}`}
                className="p-inputtext p-component"
                value={value}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-describedby="groupe-aide"
                aria-invalid={error ? true : undefined}
                onChange={(e) => setInes((old) => old.map((o, j) => (j === i ? e.target.value : o)))}
              />
            </div>
          ))}
          {error && (
            <p className="field-error" role="alert" data-testid="groupe-erreur">
              {error}
            </p>
          )}
          <button type="submit" className="p-button p-component" disabled={invite.isPending}>
            <i
              className={invite.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-user-plus'}
              aria-hidden="true"
            />
            <span>{rc.groupeInviter}</span>
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The free rooms of the cité chosen, drawn only when their list or the cité changes (`memo`): the
 * clock lives in the countdowns alone (`SlotStatus`, `HoldCard`), never in the page above them.
 */
const RoomsCard = memo(function RoomsCard({
  mine,
  ine,
  onHeld,
}: {
  mine: MineRead;
  ine: string;
  onHeld: () => Promise<unknown>;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  // It opens on the first cité with a free bed for the student (or its group), else the first one.
  const [idCite, setIdCite] = useState<number | null>(
    (mine.cites.find((c) => c.litsLibres > 0) ?? mine.cites[0])?.idCite ?? null,
  );
  const key = roomChoiceKeys.chambres(ine, idCite ?? 0);
  const rooms = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchRooms(idCite!, queryClient.getQueryData<RoomsRead>(key), signal),
    enabled: idCite !== null,
    refetchInterval: ROOMS_EVERY_MS,
    staleTime: 0,
  });
  const hold = useMutation({
    mutationFn: (room: RoomRow) => reserver(room.idChambre),
    onSuccess: () => {
      toast.success(rc.reservationFaite, undefined, WORKFLOW_LIFE);
      return onHeld();
    },
    onError: (err) => {
      toast.failure(errorMessage(err));
      return rooms.refetch();
    },
  });
  // The rooms are the page's largest drawing: a new list is drawn as a deferred value, in slices
  // that leave the main thread free between them, the last list (or « Chargement… ») staying until
  // it is whole (as the deposit's form, docs/decisions/101-student-routes-main-thread.md).
  const read = rooms.data?.rows;
  const current = useMemo(() => ({ idCite, rows: read }), [idCite, read]);
  const drawn = useDeferredValue(current);
  // Until the deferred drawing catches up with a new cité (or the first list), « Chargement… ».
  const behind = drawn.idCite !== idCite || (drawn.rows === undefined && read !== undefined);
  const rows = behind ? undefined : drawn.rows;
  // Its buildings in the list's order; a revalidation that changed nothing (304) keeps the same
  // rows, so the grouping and every room's markup are kept as they are.
  const buildings = useMemo(() => {
    const byBuilding = new Map<string, RoomRow[]>();
    for (const r of rows ?? []) {
      const list = byBuilding.get(r.libelleBatiment);
      if (list) list.push(r);
      else byBuilding.set(r.libelleBatiment, [r]);
    }
    return [...byBuilding.entries()];
  }, [rows]);
  const pending = hold.isPending;
  const onHold = hold.mutate;
  const several = buildings.length > 1;

  return (
    <section
      className="card room-choice-card room-choice-main"
      aria-labelledby="chambres-titre"
      data-testid="chambres-libres"
    >
      <h2 id="chambres-titre">{rc.choixCitesTitre}</h2>
      {mine.cites.length > 1 && (
        <div className="room-choice-cites" role="group" aria-label={rc.choixCite}>
          {mine.cites.map((c) => (
            <button
              key={c.idCite}
              type="button"
              className={`p-button p-component p-button-sm${c.idCite === idCite ? '' : ' p-button-outlined'}`}
              aria-pressed={c.idCite === idCite}
              onClick={() => setIdCite(c.idCite)}
              data-testid="choix-cite"
              data-lits={c.litsLibres}
            >
              <span className="room-choice-cite-button">
                <span>{c.nomCite}</span>
                <span className="room-choice-cite-beds">{bedsFor(c.litsLibres)}</span>
              </span>
            </button>
          ))}
        </div>
      )}
      {mine.cites.length === 1 && (
        <p className="room-choice-cite-name">
          {mine.cites[0].nomCite} — {bedsFor(mine.cites[0].litsLibres)}
        </p>
      )}
      <p className="field-hint">{rc.choixAJour}</p>
      {(rooms.isPending && idCite !== null) || behind ? (
        <Loading />
      ) : rooms.isError && !rooms.data ? (
        <LoadFailure error={rooms.error} onRetry={() => void rooms.refetch()} />
      ) : buildings.length === 0 ? (
        <p className="notice notice-info" data-testid="aucune-chambre">
          {rc.choixAucuneChambre}
        </p>
      ) : (
        buildings.map(([batiment, list], i) => (
          <Building
            // A new cité opens on its first building again.
            key={`${idCite ?? 0}:${batiment}`}
            batiment={batiment}
            rooms={list}
            collapsible={several}
            openAtFirst={i === 0}
            pending={pending}
            onHold={onHold}
          />
        ))
      )}
    </section>
  );
});

/** Rooms shown at once in an open building; the others on demand (a cité lists up to hundreds). */
const ROOMS_AT_ONCE = 24;

/**
 * A building's free rooms. In a cité of several buildings each one says its rooms and free beds
 * and opens on demand (the first one open), and an open building draws its first rooms, the others
 * when asked: the first draw of a cité of 625 rooms is 24 rooms, not 625 (decision 093).
 */
function Building({
  batiment,
  rooms,
  collapsible,
  openAtFirst,
  pending,
  onHold,
}: {
  batiment: string;
  rooms: RoomRow[];
  collapsible: boolean;
  openAtFirst: boolean;
  pending: boolean;
  onHold: (room: RoomRow) => void;
}) {
  const [open, setOpen] = useState(openAtFirst || !collapsible);
  const [all, setAll] = useState(false);
  const listId = useId();
  const beds = rooms.reduce((n, r) => n + r.litsLibres, 0);
  const rest = all ? 0 : rooms.length - ROOMS_AT_ONCE;
  return (
    <div className="room-choice-building">
      <h3 className="room-choice-subtitle">
        {collapsible ? (
          <button
            type="button"
            className="room-choice-building-toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((o) => !o)}
          >
            <i className={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'} aria-hidden="true" />
            <span>{batiment}</span>
          </button>
        ) : (
          batiment
        )}
      </h3>
      <p className="room-choice-building-facts" data-testid="batiment-resume">
        {rooms.length > 1
          ? fill(rc.choixBatimentChambres, { chambres: rooms.length, lits: beds })
          : beds > 1
            ? fill(rc.choixBatimentChambre, { lits: beds })
            : rc.choixBatimentChambreLit}
      </p>
      {open && (
        <>
          <ul className="room-choice-rooms" id={listId}>
            {(all ? rooms : rooms.slice(0, ROOMS_AT_ONCE)).map((r) => (
              <Room key={r.idChambre} room={r} pending={pending} onHold={onHold} />
            ))}
          </ul>
          {rest > 0 && (
            <button
              type="button"
              className="p-button p-component p-button-outlined room-choice-more"
              data-testid="plus-de-chambres"
              onClick={() => setAll(true)}
            >
              <i className="pi pi-angle-down" aria-hidden="true" />
              <span>{rest === 1 ? rc.choixAutreChambre : fill(rc.choixAutresChambres, { n: rest })}</span>
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** One room: drawn again only when its own row changes (its free beds), or a hold starts or ends. */
const Room = memo(function Room({
  room: r,
  pending,
  onHold,
}: {
  room: RoomRow;
  pending: boolean;
  onHold: (room: RoomRow) => void;
}) {
  return (
    <li data-testid="chambre" data-chambre={r.libelleChambre}>
      <h4>{roomLabel(r.libelleChambre)}</h4>
      {/* Each label above its value in two columns, without a wrapper per pair (room-choice.css): 14 elements a room. */}
      <dl>
        <dt>{rc.choixNiveau}</dt>
        <dd>{r.niveau}</dd>
        <dt>{rc.choixCategorie}</dt>
        <dd>{r.categorie}</dd>
        <dt>{rc.choixLitsLibres}</dt>
        <dd data-champ="litsLibres">{r.litsLibres}</dd>
        <dt>{rc.choixLoyer}</dt>
        <dd data-champ="montantChambre">{formatFcfa(r.montantChambre, { unit: true })}</dd>
      </dl>
      <button
        type="button"
        className="p-button p-component"
        aria-label={fill(rc.choixReserverChambre, {
          chambre: r.libelleChambre.replace(/^chambre\s+/i, ''),
        })}
        disabled={pending}
        onClick={() => onHold(r)}
      >
        <i className="pi pi-lock" aria-hidden="true" />
        <span>{rc.choixReserver}</span>
      </button>
    </li>
  );
});

function HoldCard({
  mine,
  ine,
  group,
  offline,
  onChange,
}: {
  mine: MineRead;
  /** The student's own INE: its bed reads « pour vous ». */
  ine: string;
  group: Member[];
  offline: boolean;
  onChange: () => Promise<unknown>;
}) {
  // The hold's own clock: its countdown, warning and extension follow it; the page does not.
  const now = useNow(1000);
  const toast = useToast();
  const queryClient = useQueryClient();
  const h = mine.reservation!;
  const left = new Date(h.expireA).getTime() - now.getTime();
  const remaining = ROOM_CHOICE.prolongationsMax - h.prolongations;
  // The domain's rule: not past its end, at most 10 times, never past the campaign's end.
  const refusal = extensionRefusal(
    now,
    { expireA: new Date(h.expireA), prolongations: h.prolongations },
    new Date(mine.fin),
  );
  const [cancelling, setCancelling] = useState(false);
  const nameOf = (ineOfBed: string) => {
    if (sameIne(ineOfBed, ine)) return rc.reservationPourVous;
    const m = group.find((g) => sameIne(g.ine, ineOfBed));
    return m ? fullName(m) : ineOfBed;
  };
  // Read again once the time is up: the server says the hold is gone (and its beds free). The
  // notice goes in a toast, since this card leaves the page with the hold.
  const expired = left <= 0;
  const toldExpired = useRef<number | null>(null);
  useEffect(() => {
    if (!expired || offline) return;
    if (toldExpired.current !== h.idReservation) {
      toldExpired.current = h.idReservation;
      toast.failure(rc.reservationExpiree);
    }
    void onChange();
  }, [expired, offline, onChange, toast, h.idReservation]);

  const extend = useMutation({
    mutationFn: () => prolonger(h.idReservation),
    onSuccess: () => {
      toast.success(rc.reservationProlongee);
      return onChange();
    },
    onError: (err) => {
      toast.failure(errorMessage(err));
      return onChange();
    },
  });
  const confirm = useMutation({
    mutationFn: () => confirmer(h.idReservation),
    onSuccess: async () => {
      toast.success(rc.reservationConfirmee);
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
      return onChange();
    },
    onError: (err) => {
      toast.failure(errorMessage(err));
      return onChange();
    },
  });
  const cancel = useMutation({
    mutationFn: () => annulerReservation(h.idReservation),
    onSuccess: () => {
      toast.success(messages.choixReservationAnnulee);
      return onChange();
    },
    onError: (err) => {
      toast.failure(errorMessage(err));
      return onChange();
    },
    onSettled: () => setCancelling(false),
  });
  // The words read out: once a minute, then each 10 seconds in the last minute, not every second;
  // the whole minutes (or tens of seconds) left, as the clock beside them reads (17:01 is 17 minutes).
  const step = left > 60_000 ? 60_000 : 10_000;
  const announced = left <= 0 ? 0 : Math.max(10_000, Math.floor(left / step) * step);

  return (
    <section
      className="card room-choice-card room-choice-main room-choice-hold"
      aria-labelledby="reservation-titre"
      data-testid="ma-reservation"
    >
      <h2 id="reservation-titre">{rc.reservationTitre}</h2>
      <p className="room-choice-cite-name">
        {fill(rc.reservationChambre, {
          chambre: roomLabel(h.libelleChambre),
          batiment: h.libelleBatiment,
          cite: h.nomCite,
        })}
      </p>
      <h3 className="room-choice-subtitle">{rc.reservationLits}</h3>
      <ul className="room-choice-beds">
        {h.lits.map((l) => (
          <li key={l.idLit}>
            <strong>{l.libelleLit}</strong> {nameOf(l.ine)}
          </li>
        ))}
      </ul>
      <div className="room-choice-timer">
        <span>{rc.reservationTempsRestant}</span>
        <span role="timer" className="room-choice-clock" data-testid="temps-restant">
          {clock(left)}
        </span>
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="temps-annonce">
        {expired
          ? rc.reservationExpiree
          : fill(rc.reservationTempsAnnonce, { duree: durationWords(announced) })}
      </p>
      <p className="field-hint" data-testid="prolongations-restantes">
        {refusal === 'FIN_CAMPAGNE'
          ? rc.reservationFinCampagne
          : remaining > 0
            ? fill(rc.reservationProlongationsRestantes, { n: remaining })
            : rc.reservationAucuneProlongation}
      </p>
      {!expired && left <= WARNING_MS && (
        <div className="notice notice-warning" role="alert" data-testid="alerte-fin">
          <p>{rc.reservationAlerte}</p>
          {refusal === null && (
            <button
              type="button"
              className="p-button p-component p-button-warning"
              disabled={extend.isPending || offline}
              onClick={() => extend.mutate()}
            >
              <i className="pi pi-clock" aria-hidden="true" />
              <span>{rc.reservationProlonger}</span>
            </button>
          )}
        </div>
      )}
      {expired && <p className="notice notice-error">{rc.reservationExpiree}</p>}
      <div className="room-choice-actions">
        <button
          type="button"
          className="p-button p-component p-button-success"
          disabled={expired || offline || confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          <i className={confirm.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
          <span>{rc.reservationConfirmer}</span>
        </button>
        <button
          type="button"
          className="p-button p-component p-button-outlined"
          disabled={expired || offline || cancel.isPending}
          onClick={() => setCancelling(true)}
        >
          <i className="pi pi-times" aria-hidden="true" />
          <span>{rc.reservationAnnuler}</span>
        </button>
        {/* Extending is offered all along (WCAG 2.2.1), not only in the last seconds' warning. */}
        {refusal === null && left > WARNING_MS && (
          <button
            type="button"
            className="p-button p-component p-button-outlined"
            disabled={extend.isPending || offline}
            onClick={() => extend.mutate()}
          >
            <i className="pi pi-clock" aria-hidden="true" />
            <span>{rc.reservationProlonger}</span>
          </button>
        )}
      </div>
      {cancelling && (
        <ConfirmDialog
          title={rc.reservationAnnuler}
          testId="confirmation-annuler-reservation"
          cancelLabel={rc.reservationGarder}
          confirmLabel={rc.reservationAnnuler}
          danger
          pending={cancel.isPending}
          onCancel={() => !cancel.isPending && setCancelling(false)}
          onConfirm={() => cancel.mutate()}
        >
          {rc.reservationAnnulerConfirmation}
        </ConfirmDialog>
      )}
    </section>
  );
}

function HousedCard({ ine }: { ine: string }) {
  const toast = useToast();
  const bed = useQuery({
    queryKey: assignmentKeys.moi(ine),
    queryFn: ({ signal }) => fetchMonAffectation(signal),
    staleTime: 0,
  });
  const download = useMutation({
    mutationFn: (idAffectation: number) => telechargerAttestation(idAffectation),
    onSuccess: () => toast.success(messages.attestationTelechargee),
    onError: (err) => toast.failure(errorMessage(err)),
  });
  const a = bed.data;
  return (
    <section
      className="card room-choice-card room-choice-main room-choice-housed"
      aria-labelledby="loge-titre"
      data-testid="loge"
    >
      <h2 id="loge-titre">{rc.logeTitre}</h2>
      {a && (
        <p className="room-choice-cite-name">
          {[a.nomCite, a.libelleBatiment, a.libelleChambre, a.libelleLit].filter(Boolean).join(' · ')}
        </p>
      )}
      <p>{rc.logeTexte}</p>
      <div className="room-choice-actions">
        {a && (
          <button
            type="button"
            className="p-button p-component"
            disabled={download.isPending}
            onClick={() => download.mutate(a.idAffectation)}
          >
            <i
              className={download.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-download'}
              aria-hidden="true"
            />
            <span>{rc.logeAttestation}</span>
          </button>
        )}
        <Link className="p-button p-component p-button-outlined" to={paths.monLoyer}>
          <i className="pi pi-wallet" aria-hidden="true" />
          <span>{rc.logeEcheances}</span>
        </Link>
        <Link className="p-button p-component p-button-text" to={paths.tableauDeBord}>
          <span>{rc.logeTableau}</span>
        </Link>
      </div>
    </section>
  );
}

/**
 * /choix-chambre: the student's slot, its group of friends, the free rooms kept current, its hold
 * with its countdown, warning and extension, and its bed once confirmed (docs/room-choice.md#the-students-screen).
 */
export default function ChoixChambrePage() {
  useDocumentTitle(rc.choixTitre);
  const user = useUser();
  const ine = user?.username ?? '';
  const queryClient = useQueryClient();
  const connection = useConnection();
  const offline = connection !== 'en-ligne';
  const mineKey = roomChoiceKeys.moi(ine);
  const mine = useQuery({
    queryKey: mineKey,
    queryFn: ({ signal }) => fetchMine(signal),
    enabled: ine !== '',
    refetchInterval: MINE_EVERY_MS,
    staleTime: 0,
  });
  const refresh = useRef(() => queryClient.invalidateQueries({ queryKey: roomChoiceKeys.all }));
  const onChange = refresh.current;

  // A lost network during a hold: when it returns, the hold is read again and where it stands is said.
  // State, not a ref: the notice « hors ligne » is drawn when it changes (no clock draws the page).
  const [heldWhenLost, setHeldWhenLost] = useState<number | null>(null);
  const [back, setBack] = useState<string | null>(null);
  const holdId = mine.data?.reservation?.idReservation ?? null;
  useEffect(() => {
    if (offline) {
      if (holdId !== null) setHeldWhenLost((old) => old ?? holdId);
      setBack(null);
      return;
    }
    const lost = heldWhenLost;
    if (lost === null) return;
    setHeldWhenLost(null);
    void fetchMine().then(
      (read) => {
        queryClient.setQueryData(mineKey, read);
        void queryClient.invalidateQueries({ queryKey: roomChoiceKeys.all });
        setBack(
          read?.reservation?.idReservation === lost
            ? rc.retourTient
            : read?.loge
              ? rc.retourConfirmee
              : rc.retourExpiree,
        );
      },
      () => setBack(null),
    );
    // On the network's change only: the hold and the keys are read when it changes.
  }, [offline]);

  const m = mine.data;
  // The same arrays while the group is unchanged (a read that changed nothing keeps its rows).
  const group = useMemo(() => m?.groupe?.membres.filter((x) => x.statut === 'ACCEPTE') ?? [], [m?.groupe]);
  const meAccepted = m?.groupe?.membres.some((x) => sameIne(x.ine, ine) && x.statut === 'ACCEPTE') ?? false;
  const slotGroup = meAccepted ? group : NOBODY;
  // The slot's opening and end redraw the page once each, at their moment (not every second).
  const started = useReached(m?.debutCreneau);
  const ended = useReached(m?.fin);
  const open = m ? started && !ended : false;

  return (
    <div className="room-choice">
      <h1>{rc.choixTitre}</h1>
      {/* Static, and written into the HTML too (docs/decisions/131-first-paint-from-the-html.md). */}
      <p className="lead">{rc.choixIntro}</p>
      {offline && heldWhenLost !== null && (
        <p className="notice notice-warning" role="status" data-testid="hors-ligne">
          {rc.horsLigne}
        </p>
      )}
      {back && (
        <p className="notice notice-info" role="status" data-testid="retour-reseau">
          {back}
        </p>
      )}
      {mine.isPending ? (
        <Loading />
      ) : mine.isError && !m ? (
        <LoadFailure error={mine.error} onRetry={() => void mine.refetch()} />
      ) : !m ? (
        <div className="card notice notice-info" data-testid="aucune-campagne">
          <p>{messages.choixCampagneAucune}</p>
          <Link to={paths.tableauDeBord}>{rc.logeTableau}</Link>
        </div>
      ) : (
        <>
          <SlotCard mine={m} ine={ine} group={slotGroup} />
          {m.loge ? (
            <HousedCard ine={ine} />
          ) : (
            <>
              {/* A hold running comes first: its clock is what matters now (on a phone, above the group). */}
              {m.reservation && (
                <HoldCard mine={m} ine={ine} group={group} offline={offline} onChange={onChange} />
              )}
              {/* The group before the rooms: on a phone, friends come together before one of them holds. */}
              <GroupCard mine={m} ine={ine} onChange={onChange} />
              {m.reservation ? null : open ? (
                <RoomsCard mine={m} ine={ine} onHeld={onChange} />
              ) : (
                !started && (
                  <section className="card room-choice-main">
                    <p className="notice notice-info">{rc.choixPasEncore}</p>
                  </section>
                )
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
