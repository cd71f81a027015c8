import '../../lib/prime';
import '../staff/staff.css';
import './assignment.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { Paginator } from 'primereact/paginator';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { LISTES_ADMISSION, SEXES } from '../../../domain/enums';
import { enumOptions } from '../../components/list/cells';
import { ExportButtons } from '../../components/list/ExportButton';
import { ServerTable, type ListColumn } from '../../components/list/ServerTable';
import { useServerList } from '../../components/list/useServerList';
import { PAGINATOR_PROPS } from '../../components/lazyTable';
import { errorId, FormField } from '../../components/FormField';
import { Loading } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { annuler, assignmentKeys, deplacer, useDisponibilites, useLits, useOccupants } from './api';
import { FreeBeds } from './AffectationCitePage';
import { CiteChooser, useAssignmentScope } from './CiteChooser';
import {
  buildingTitle,
  moveTargets,
  placedRooms,
  regroup,
  roomMatches,
  roomTitle,
  roomTree,
  type BuildingView,
  type RoomView,
} from './rooms';
import type { AffectationRow, SansLitRow } from '../../../domain/schemas/assignment';
import { Code } from '../../components/Code';
import { formatFcfa } from '../../../domain/money';
import { fullName } from '../../../domain/format';

const nom = (r: { nomEtudiant: string | null; prenomEtudiant: string | null }) =>
  fullName(r.nomEtudiant, r.prenomEtudiant);

type Action = { kind: 'move' | 'cancel'; row: AffectationRow };

/** Rooms drawn at once: a page of the room view (12 fills rows of 2, 3 and 4 cards). */
const ROOMS_PER_PAGE = 12;

function RoomCard({ room, onAction }: { room: RoomView; onAction: (a: Action) => void }) {
  const occupied = room.beds.filter((b) => b.occupant).length;
  const title = roomTitle(room.libelleChambre);
  return (
    <article className="room-card" data-chambre={room.libelleChambre} aria-label={title}>
      <header>
        <h4>{title}</h4>
        <span className="room-meta">
          {fill(messages.occupantsChambre, { occupes: occupied, total: room.beds.length })}
          {room.sexe
            ? ` · ${fill(messages.sexeChambre, { sexe: enumLabel('sexeEtudiant', room.sexe) })}`
            : ''}
        </span>
        {(room.libelleCategorieChambre || room.montantChambre != null) && (
          <span className="room-meta">
            {[
              room.libelleCategorieChambre,
              room.montantChambre != null
                ? fill(messages.montantMensuel, { montant: formatFcfa(room.montantChambre) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </header>
      <ul className="bed-list">
        {room.beds.map(({ lit, occupant }) => (
          <li key={lit.idLit} data-lit={lit.libelleLit} className={occupant ? 'bed occupied' : 'bed free'}>
            <span className="bed-name">{lit.libelleLit}</span>
            {occupant ? (
              <>
                <span className="bed-occupant">
                  {nom(occupant)}{' '}
                  <small>
                    (<Code>{occupant.ine}</Code>)
                  </small>
                </span>
                <span className="row-actions">
                  <button
                    type="button"
                    className="p-button p-component p-button-outlined p-button-sm"
                    onClick={() => onAction({ kind: 'move', row: occupant })}
                  >
                    <i className="pi pi-arrow-right-arrow-left" aria-hidden="true" />
                    <span>{messages.deplacer}</span>
                  </button>
                  <button
                    type="button"
                    className="p-button p-component p-button-outlined p-button-danger p-button-sm"
                    onClick={() => onAction({ kind: 'cancel', row: occupant })}
                    aria-label={`${messages.annulerAffectation}\u00a0: ${nom(occupant)}`}
                  >
                    <i className="pi pi-times" aria-hidden="true" />
                    <span>{messages.affectationAnnuler}</span>
                  </button>
                </span>
              </>
            ) : (
              <span className="bed-free">{messages.litLibre}</span>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}

function Building({ b, onAction }: { b: BuildingView; onAction: (a: Action) => void }) {
  return (
    <details className="building" open>
      <summary>
        <h3>{buildingTitle(b.libelleBatiment, b.sexe)}</h3>
        <span className="room-meta">
          {fill(messages.occupantsChambre, { occupes: b.occupied, total: b.beds })}
        </span>
      </summary>
      {b.levels.map((l) => (
        <section key={l.idNiveau} className="level">
          {l.corridors.map((c) => (
            <div key={c.idCouloir}>
              <h4 className="corridor-title">
                {l.libelleNiveau} · {c.libelleCouloir}
              </h4>
              <div className="room-grid">
                {c.rooms.map((r) => (
                  <RoomCard key={r.idChambre} room={r} onAction={onAction} />
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </details>
  );
}

const SANS_LIT_COLUMNS: ListColumn<SansLitRow>[] = [
  {
    key: 'listeDeliberation',
    header: messages.affectationColonneListe,
    options: enumOptions(LISTES_ADMISSION, 'listeDeliberation'),
    cell: (e) => enumLabel('listeDeliberation', e.listeDeliberation),
  },
  {
    key: 'rang',
    header: messages.colonneRang,
    cell: (e) => e.rang ?? '',
    className: 'numeric',
    filter: false,
  },
  { key: 'ine', header: messages.colonneIne, cell: (e) => <Code>{e.ine}</Code> },
  { key: 'nomEtudiant', header: messages.colonneNom, cell: (e) => e.nomEtudiant },
  { key: 'prenomEtudiant', header: messages.colonnePrenom, cell: (e) => e.prenomEtudiant },
  {
    key: 'sexeEtudiant',
    header: messages.colonneSexe,
    options: enumOptions(SEXES, 'sexeEtudiant'),
    cell: (e) => enumLabel('sexeEtudiant', e.sexeEtudiant),
  },
];

/**
 * The admitted students of the session still without a bed (the shared server-paginated table),
 * searched by the page's one search box.
 */
function SansLitTable({ idSessionCenou, search }: { idSessionCenou: number; search: string }) {
  const list = useServerList({
    key: assignmentKeys.sansLitList(),
    path: '/campus/affectation/sans-lit',
    pageSize: 10,
    extra: { idSessionCenou },
    staleTime: 0,
  });
  const { setSearch } = list;
  useEffect(() => setSearch(search), [search, setSearch]);
  return (
    <ServerTable
      list={list}
      columns={SANS_LIT_COLUMNS}
      dataKey="idDossier"
      label={messages.sansLitTitre}
      className="sans-lit-table"
      search={false}
    />
  );
}

/**
 * The room view: the rooms the search keeps (all of them without one), a page at a time with the
 * lists' paginator, drawn in their buildings, levels and corridors. A new search goes back to the
 * first page; another page is shown from its top.
 */
function RoomPages({
  tree,
  search,
  onAction,
}: {
  tree: BuildingView[];
  search: string;
  onAction: (a: Action) => void;
}) {
  const [first, setFirst] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => setFirst(0), [search]);
  const found = useMemo(() => placedRooms(tree).filter((p) => roomMatches(p, search)), [tree, search]);
  // A page left empty (its rooms no longer answer the search after a move) gives way to the last one.
  const lastPage = Math.max(0, Math.ceil(found.length / ROOMS_PER_PAGE) - 1) * ROOMS_PER_PAGE;
  const start = Math.min(first, lastPage);
  const page = useMemo(() => regroup(found.slice(start, start + ROOMS_PER_PAGE)), [found, start]);
  if (found.length === 0) return <p className="field-hint">{messages.aucuneChambreTrouvee}</p>;
  return (
    <>
      <div className="buildings" data-testid="chambres" ref={top}>
        {page.map((b) => (
          <Building key={b.idBatiment} b={b} onAction={onAction} />
        ))}
      </div>
      {found.length > ROOMS_PER_PAGE && (
        <Paginator
          {...PAGINATOR_PROPS}
          first={start}
          rows={ROOMS_PER_PAGE}
          totalRecords={found.length}
          onPageChange={(e) => {
            setFirst(e.first);
            top.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
    </>
  );
}

/**
 * /affectationchambre (regional manager) and /afectation-lit (central staff and the admin): the
 * cité's stock room by room with each bed's occupant or 'libre' (buildings, levels, corridors in
 * the order the assignment fills them); an assignment moved to a free bed of a compatible room or
 * cancelled after a confirmation; the admitted students still without a bed; the assignments
 * exported in Excel or PDF.
 */
export default function AffectationChambrePage({ title }: { title: string }) {
  useDocumentTitle(title);
  const state = useAssignmentScope();
  const { idSessionCenou, idCite } = state.value;
  const toast = useToast();
  const queryClient = useQueryClient();
  const lits = useLits(idCite);
  const occupants = useOccupants(idSessionCenou, idCite);
  const dispo = useDisponibilites(idSessionCenou, idCite);
  const [action, setAction] = useState<Action | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  // One search for the page: it filters the rooms here and the students without a bed on the server.
  const [search, setSearch] = useState('');

  // Failed loads always tell the user (src/web/README.md#rules-every-screen-follows), once per failure.
  const failure = lits.error ?? occupants.error;
  useEffect(() => {
    if (failure) toast.failure(errorMessage(failure));
  }, [failure, toast]);

  const tree = useMemo(() => roomTree(lits.data ?? [], occupants.data ?? []), [lits.data, occupants.data]);
  const targets = useMemo(
    () => (action?.kind === 'move' ? moveTargets(tree, action.row) : []),
    [tree, action],
  );

  const write = useMutation({
    mutationFn: async (a: Action & { idLit?: number }): Promise<unknown> =>
      a.kind === 'move' ? deplacer(a.row.idAffectation, a.idLit!) : annuler(a.row.idAffectation),
    onSuccess: (_r, a) => {
      toast.success(a.kind === 'move' ? messages.affectationDeplacee : messages.affectationAnnulee);
      setAction(null);
    },
    onError: (err) => toast.failure(errorMessage(err)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: assignmentKeys.list() }),
      ]),
  });

  const open = useCallback((a: Action) => {
    setAction(a);
    setTarget(null);
    setFieldError(null);
  }, []);
  const close = useCallback(() => {
    if (!write.isPending) setAction(null);
  }, [write.isPending]);

  function confirm() {
    if (!action) return;
    if (action.kind === 'move') {
      if (target === null) {
        setFieldError(messages.champObligatoire);
        return;
      }
      write.mutate({ ...action, idLit: target });
    } else write.mutate(action);
  }

  // The assignments of the chosen session and cité, exported as shown.
  const exportList =
    idSessionCenou !== null && idCite !== null
      ? { path: '/campus/affectation' as const, exportParams: { extra: { idSessionCenou, idCite } } }
      : null;
  // Targets grouped by room for the dropdown.
  const groups = new Map<number, typeof targets>();
  for (const t of targets) groups.set(t.room.idChambre, [...(groups.get(t.room.idChambre) ?? []), t]);

  return (
    <section className="resource-screen assignment-screen">
      <h1>{title}</h1>
      <p className="staff-intro">{messages.affectationChambreIntro}</p>
      <CiteChooser state={state} idPrefix="chambres" />
      {exportList && (
        <>
          <FreeBeds data={dispo.data} loading={dispo.isFetching} />
          <div className="toolbar">
            <div className="toolbar-buttons">
              <ExportButtons list={exportList} name="affectations" formats={['xlsx', 'pdf']} />
            </div>
            <span className="search">
              <i className="pi pi-search" aria-hidden="true" />
              <InputText
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={messages.rechercheGlobale}
                aria-label={messages.rechercheGlobale}
              />
            </span>
          </div>
          <h2>{messages.chambresTitre}</h2>
          {lits.isPending || occupants.isPending ? (
            <Loading />
          ) : tree.length === 0 ? (
            <p className="field-hint">{messages.aucunLit}</p>
          ) : (
            <RoomPages key={idCite} tree={tree} search={search} onAction={open} />
          )}
          <h2>{messages.sansLitTitre}</h2>
          <SansLitTable idSessionCenou={exportList.exportParams.extra.idSessionCenou} search={search} />
        </>
      )}
      {action && (
        <Modal
          title={
            action.kind === 'move'
              ? fill(messages.deplacerTitre, { nom: nom(action.row) })
              : messages.confirmerTitre
          }
          onClose={close}
          role={action.kind === 'cancel' ? 'alertdialog' : 'dialog'}
          testId={action.kind === 'move' ? 'deplacement' : 'confirmation'}
          footer={
            <>
              <button
                type="button"
                className="p-button p-component p-button-text"
                onClick={close}
                disabled={write.isPending}
              >
                <i className="pi pi-times" aria-hidden="true" />
                <span>{action.kind === 'move' ? messages.affectationAnnuler : messages.non}</span>
              </button>
              <button
                type="button"
                className={
                  action.kind === 'move' ? 'p-button p-component' : 'p-button p-component p-button-danger'
                }
                onClick={confirm}
                disabled={write.isPending || (action.kind === 'move' && targets.length === 0)}
              >
                <i className={write.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
                <span>{action.kind === 'move' ? messages.deplacer : messages.oui}</span>
              </button>
            </>
          }
        >
          {action.kind === 'cancel' ? (
            <p className="confirm-text">
              {fill(messages.annulerConfirmation, {
                nom: nom(action.row),
                lit: [action.row.libelleChambre, action.row.libelleLit].filter(Boolean).join(' · '),
              })}
            </p>
          ) : targets.length === 0 ? (
            <p className="field-hint">{messages.deplacerAucunLit}</p>
          ) : (
            <FormField
              id="deplacer-lit"
              label={messages.deplacerChampLit}
              required
              error={fieldError ?? undefined}
            >
              <select
                id="deplacer-lit"
                className="p-inputtext p-component native-select"
                value={target ?? ''}
                onChange={(e) => {
                  setTarget(e.target.value ? Number(e.target.value) : null);
                  setFieldError(null);
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId('deplacer-lit') : undefined}
              >
                <option value="">{messages.choisir}</option>
                {[...groups.values()].map((list) => (
                  <optgroup
                    key={list[0].room.idChambre}
                    label={list[0].label.split(' · ').slice(0, 4).join(' · ')}
                  >
                    {list.map((t) => (
                      <option key={t.idLit} value={t.idLit}>
                        {t.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </FormField>
          )}
        </Modal>
      )}
    </section>
  );
}
