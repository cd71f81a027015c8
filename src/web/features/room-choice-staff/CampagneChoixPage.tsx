import '../../lib/prime';
import '../staff/staff.css';
import './room-choice-staff.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { frenchDateTimeShort, fullName } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { groupName } from '../../../domain/room-choice-names';
import {
  CHOOSER_STATES,
  type CampaignRead,
  type CampaignUpdateBody,
  type ChooserStateName,
  type FollowRow,
} from '../../../domain/schemas/room-choice';
import { Code } from '../../components/Code';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { enumOptions } from '../../components/list/cells';
import { RowAction } from '../../components/list/RowAction';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { errorMessage } from '../../lib/api';
import { fill, frenchInteger } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { fieldLabel } from '../../../domain/resources/labels';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { DirectionSessionFields, useDirectionSession } from '../staff/SessionChooser';
import {
  campaignKeys,
  cancelCampaign,
  cancelHold,
  changeCampaign,
  createCampaign,
  FOLLOW_REFRESH_MS,
  useCampaign,
  useCounts,
} from './api';
import { CampaignForm } from './CampaignForm';
import { ouagaTime } from '../offers/time';

const at = (iso: string) => frenchDateTimeShort(new Date(iso));
const nom = (r: FollowRow) => fullName(r.nomEtudiant, r.prenomEtudiant);

/**
 * Why a student comes at its place (the order said above the table): a disability first, then its
 * list and the rank used on it — the deliberation's, or its order on the uploaded list.
 */
function priority(r: FollowRow): string {
  const liste =
    r.listeDeliberation === null
      ? messages.choixPrioriteListeTeleversee
      : enumLabel('listeDeliberation', r.listeDeliberation);
  const rang = r.rang === null ? liste : fill(messages.choixRang, { liste, rang: r.rang });
  return r.handicap ? fill(messages.choixPrioriteHandicapRang, { rang }) : rang;
}

/**
 * Its group, named as the journal names it (after the student who formed it), or the invitation
 * it has not answered yet; blank when it chooses alone.
 */
function group(r: FollowRow): string {
  if (r.statutGroupe === null) return '';
  const nom = fullName(r.nomCreateurGroupe, r.prenomCreateurGroupe);
  return r.statutGroupe === 'INVITE'
    ? fill(messages.choixGroupeInvite, { nom })
    : groupName(r.nomCreateurGroupe, r.prenomCreateurGroupe);
}

/** What a saved campaign's toast says of the students told: none, one, or how many. */
function notifiedText(nombre: number, kind: 'creee' | 'modifiee'): string {
  if (nombre === 0) return messages.choixCampagneSansEtudiant;
  if (nombre === 1)
    return kind === 'creee' ? messages.choixCampagneCreeeUn : messages.choixCampagneModifieeUn;
  return fill(kind === 'creee' ? messages.choixCampagneCreee : messages.choixCampagneModifiee, { nombre });
}

const COLUMNS: ListColumn<FollowRow>[] = [
  { key: 'ordre', header: messages.choixColOrdre, filter: false, cell: (r) => r.ordre + 1 },
  {
    key: 'debutCreneau',
    header: messages.choixColCreneau,
    filter: false,
    // Its own slot; a member of a group whose slot is later: the group's, when it chooses.
    cell: (r) => (
      <div className="chooser-cell">
        <span className="slot-time">{at(r.debutCreneau)}</span>
        {r.creneauGroupe && r.creneauGroupe !== r.debutCreneau && (
          <span className="chooser-place" data-testid="creneau-groupe">
            {fill(messages.choixCreneauGroupe, { creneau: at(r.creneauGroupe) })}
          </span>
        )}
      </div>
    ),
  },
  { key: 'ine', header: fieldLabel('ine'), cell: (r) => <Code>{r.ine}</Code> },
  { key: 'nomEtudiant', header: messages.choixColEtudiant, cell: (r) => nom(r) },
  { key: 'handicap', header: messages.choixColPriorite, filter: false, sortable: false, cell: priority },
  {
    key: 'idGroupe',
    header: messages.choixColGroupe,
    filter: false,
    cell: group,
  },
  {
    key: 'etat',
    header: messages.choixColEtat,
    options: enumOptions(CHOOSER_STATES, 'etatChoix'),
    // One block: on a phone the stacked cell lays its children out in a row beside the title.
    cell: (r) => (
      <div className="chooser-cell">
        <span className={`chooser-state state-${r.etat}`} data-etat={r.etat}>
          {enumLabel('etatChoix', r.etat)}
        </span>
        {r.lieu && <span className="chooser-place">{r.lieu}</span>}
        {r.etat === 'EN_RESERVATION' && r.finReservation && (
          <span className="chooser-place" data-testid="fin-reservation">
            {fill(messages.choixReservationJusqua, { heure: ouagaTime(r.finReservation) })}
          </span>
        )}
      </div>
    ),
  },
];

/** The counts of each state, the same as the table's (one SQL expression on the server). */
function Counts({ idCampagne }: { idCampagne: number }) {
  const counts = useCounts(idCampagne);
  if (!counts.data) return null;
  return (
    <ul className="chooser-counts" aria-label={messages.choixColEtat} data-testid="compteurs">
      {CHOOSER_STATES.map((s: ChooserStateName) => (
        <li key={s} className={`state-${s}`} data-etat={s}>
          <strong>{frenchInteger(counts.data[s])}</strong> <span>{enumLabel('etatChoix', s)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The slots and the live follow-up: the shared server-paginated table, read again every 10 s. */
function Follow({ campaign }: { campaign: CampaignRead }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<FollowRow | null>(null);
  const list = useServerList({
    key: campaignKeys.suivi(campaign.idCampagne),
    path: '/campus/choix-chambre/campagne/{idCampagne}/suivi',
    pathParams: { idCampagne: campaign.idCampagne },
    pageSize: 20,
    staleTime: 0,
  });
  const { refetch } = list;
  useEffect(() => {
    const timer = setInterval(refetch, FOLLOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  const cancel = useMutation({
    mutationFn: (r: FollowRow) => cancelHold(r.idReservation!),
    onSuccess: (r) => toast.success(r.message, undefined, WORKFLOW_LIFE),
    onError: (err) => toast.failure(errorMessage(err)),
    onSettled: () => {
      setCancelling(null);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
  return (
    <section className="campaign-follow" aria-labelledby="suivi-titre">
      <h2 id="suivi-titre">{messages.choixSuiviTitre}</h2>
      <p className="field-hint">{messages.choixSuiviAide}</p>
      <p className="field-hint" data-testid="ordre-aide">
        {messages.choixOrdreAide}
      </p>
      <Counts idCampagne={campaign.idCampagne} />
      <ServerTable
        list={list}
        columns={COLUMNS}
        dataKey="ine"
        label={messages.choixSuiviTitre}
        className="follow-table"
        rowActions={(r) =>
          r.etat === 'EN_RESERVATION' && r.idReservation !== null ? (
            <RowAction
              label={`${messages.choixAnnulerReservation} — ${nom(r)}`}
              icon="pi pi-times-circle"
              severity="danger"
              onClick={() => setCancelling(r)}
            />
          ) : null
        }
      />
      {cancelling && (
        <ConfirmDialog
          title={messages.choixAnnulerReservation}
          testId="confirmation-reservation"
          cancelLabel={messages.non}
          confirmLabel={messages.oui}
          danger
          pending={cancel.isPending}
          onCancel={() => !cancel.isPending && setCancelling(null)}
          onConfirm={() => cancel.mutate(cancelling)}
        >
          {fill(messages.choixAnnulerReservationConfirmation, { nom: nom(cancelling), ine: cancelling.ine })}
          {cancelling.lieu &&
            ` ${fill(messages.choixAnnulerReservationChambre, { chambre: cancelling.lieu })}`}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The campaign's settings, its change or cancellation before its start, then its follow-up. */
function Campaign({ campaign }: { campaign: CampaignRead }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const started = Date.now() >= new Date(campaign.debut).getTime();
  const reload = () => queryClient.invalidateQueries({ queryKey: campaignKeys.all });
  const change = useMutation({
    mutationFn: (body: CampaignUpdateBody) => changeCampaign(campaign.idCampagne, body),
    onSuccess: (c) => {
      setEditing(false);
      toast.success(notifiedText(c.creneaux.length, 'modifiee'), undefined, WORKFLOW_LIFE);
      return reload();
    },
  });
  const remove = useMutation({
    mutationFn: () => cancelCampaign(campaign.idCampagne),
    onSuccess: (r) => toast.success(r.message, undefined, WORKFLOW_LIFE),
    onError: (err) => toast.failure(errorMessage(err)),
    onSettled: () => {
      setConfirmCancel(false);
      return reload();
    },
  });
  return (
    <>
      <section className="campaign-summary" data-testid="campagne">
        <p>
          {fill(messages.choixCampagneResume, {
            debut: at(campaign.debut),
            fin: at(campaign.fin),
            etudiants: campaign.etudiantsParCreneau,
            creneau: campaign.dureeCreneauMinutes,
            reservation: campaign.dureeReservationMinutes,
          })}
        </p>
        <p className="field-hint">
          {started ? messages.choixCampagneEnCours : messages.choixCampagneModifiable}
        </p>
        {!started && !editing && (
          <div className="toolbar-buttons">
            <button
              type="button"
              className="p-button p-component p-button-outlined"
              onClick={() => setEditing(true)}
            >
              <i className="pi pi-pencil" aria-hidden="true" />
              <span>{messages.choixModifierCampagne}</span>
            </button>
            <button
              type="button"
              className="p-button p-component p-button-outlined p-button-danger"
              onClick={() => setConfirmCancel(true)}
            >
              <i className="pi pi-trash" aria-hidden="true" />
              <span>{messages.choixAnnulerCampagne}</span>
            </button>
          </div>
        )}
        {editing && (
          <CampaignForm
            campaign={campaign}
            submitLabel={messages.choixEnregistrerCampagne}
            pending={change.isPending}
            onSubmit={(body) => change.mutateAsync(body)}
            onCancel={() => setEditing(false)}
          />
        )}
      </section>
      <Follow campaign={campaign} />
      {confirmCancel && (
        <ConfirmDialog
          title={messages.choixAnnulerCampagne}
          testId="confirmation-campagne"
          cancelLabel={messages.non}
          confirmLabel={messages.oui}
          danger
          warning
          pending={remove.isPending}
          onCancel={() => !remove.isPending && setConfirmCancel(false)}
          onConfirm={() => remove.mutate()}
        >
          {messages.choixAnnulerCampagneConfirmation}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * /campagne-choix-chambres (docs/room-choice.md): for a direction and session, the room-choice
 * campaign: created with its dates and slot settings (checked as the server does), its slots in
 * order with why each student comes there, changed or cancelled before its start, and followed
 * live (chosen, holding, waiting, not open yet, without a choice after the end), a hold cancelled
 * after a confirmation.
 */
export default function CampagneChoixPage() {
  useDocumentTitle(messages.menuChoixChambres);
  const toast = useToast();
  const queryClient = useQueryClient();
  const state = useDirectionSession('roomchoice.manage');
  const { idSessionCenou, idDirection } = state;
  const campaign = useCampaign(idSessionCenou, idDirection);
  const create = useMutation({
    mutationFn: (body: CampaignUpdateBody) =>
      createCampaign({ ...body, idSessionCenou: idSessionCenou!, idDirection: idDirection! }),
    onSuccess: (c) => {
      toast.success(notifiedText(c.creneaux.length, 'creee'), undefined, WORKFLOW_LIFE);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
  return (
    <section className="resource-screen campaign-screen">
      <h1>{messages.menuChoixChambres}</h1>
      <p className="staff-intro">{messages.choixStaffIntro}</p>
      <DirectionSessionFields state={state} idPrefix="campagne" />
      {state.chosen &&
        (campaign.isPending ? (
          <Loading />
        ) : campaign.isError ? (
          <LoadFailure error={campaign.error} onRetry={() => void campaign.refetch()} />
        ) : campaign.data ? (
          <Campaign key={campaign.data.idCampagne} campaign={campaign.data} />
        ) : (
          <section className="campaign-summary" data-testid="sans-campagne">
            <p>{messages.choixAucuneCampagne}</p>
            <CampaignForm
              key={`${idSessionCenou}-${idDirection}`}
              campaign={null}
              submitLabel={messages.choixCreerCampagne}
              pending={create.isPending}
              onSubmit={(body) => create.mutateAsync(body)}
            />
          </section>
        ))}
    </section>
  );
}
