import './dossier.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { sessionAllows, type SessionState } from '../../../domain/workflow';
import { Loading } from '../../components/Loading';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { fill, frenchDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { assignmentKeys, fetchMonAffectation, telechargerAttestation } from '../assignment/api';
import { useMyRent } from '../rent/api';
import { nothingToPay, payAhead, payLink } from '../rent/due';
import type { MonAffectation } from '../../../domain/schemas/assignment';
import type { StudentRent } from '../../../domain/schemas/rent';
import { deleteDossier, depositSituationQuery, dossierKeys, fetchDossiers } from './api';
import { LoadFailure } from '../../components/LoadFailure';
import type { DossierSummary } from '../../../domain/schemas/dossier';
import { Code, fillNodes } from '../../components/Code';
import { ouagaDateTimeShort } from '../offers/time';
import { formatFcfa } from '../../../domain/money';

// The result, its score breakdown and the offer exist only once a deliberation is published: their
// code (and the offers') loads then, not with every student's first view of the dashboard.
const StudentResult = lazy(() =>
  import('../deliberation/StudentResult').then((m) => ({ default: m.StudentResult })),
);

// The room choice's card: only a student who accepted its admission may have a slot; its code then.
const RoomChoiceCard = lazy(() =>
  import('../room-choice/RoomChoiceCard').then((m) => ({ default: m.RoomChoiceCard })),
);

const DASH = messages.valeurAbsente;

const sessionOf = (d: DossierSummary): SessionState | null =>
  d.etatSession && d.statutSession
    ? ({ etatSession: d.etatSession, statutSession: d.statutSession } as SessionState)
    : null;

/**
 * Edit and delete: the server's verdicts when given, otherwise the session's rules (docs/sessions-and-dossiers.md:
 * OUVERT and in INSCRIPTION).
 */
export const canEdit = (d: DossierSummary) =>
  d.modificationPossible ?? sessionAllows(sessionOf(d), 'deposit').ok;
export const canDelete = (d: DossierSummary) =>
  d.suppressionPossible ?? sessionAllows(sessionOf(d), 'dossierDelete').ok;

const villeOf = (d: DossierSummary) => d.nomVille ?? '';

/** The statuses a publication gives (docs/sessions-and-dossiers.md): such a dossier has a result to show. */
const PUBLISHED = new Set(['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS', 'DESISTE']);
export const hasResult = (d: DossierSummary) => PUBLISHED.has(d.statutDossier ?? '');

/** How an ended admission is told, by the offer's last answer. */
const ENDED: Record<string, string> = {
  REFUSE: messages.resultatRenonce,
  EXPIRE: messages.resultatExpire,
  RETIRE: messages.resultatRetire,
};

/**
 * The result in words (issue: never 'Oui (10)'): the list and rank of an admission and what became
 * of its offer, the rank on the waiting list, or an admission that ended and when.
 */
export function resultOf(d: DossierSummary): string {
  switch (d.statutDossier) {
    case 'ADMIS': {
      const admis =
        d.listeDeliberation && d.rang != null
          ? fill(messages.resultatAdmisListe, {
              liste: enumLabel('listeDeliberation', d.listeDeliberation),
              rang: d.rang,
            })
          : messages.resultatAdmis;
      if (d.reponse === 'ACCEPTE') return fill(messages.resultatPlaceAcceptee, { resultat: admis });
      if (d.reponse === 'EN_ATTENTE')
        return d.dateLimiteReponse
          ? fill(messages.resultatReponseAttendueAvant, {
              resultat: admis,
              date: ouagaDateTimeShort(d.dateLimiteReponse),
            })
          : fill(messages.resultatReponseAttendue, { resultat: admis });
      return admis;
    }
    case 'LISTE_ATTENTE':
      return d.rang != null ? fill(messages.resultatAttenteRang, { rang: d.rang }) : messages.resultatAttente;
    case 'NON_ADMIS':
      return messages.resultatNonAdmis;
    case 'DESISTE': {
      const text = d.reponse ? ENDED[d.reponse] : undefined;
      return text && d.dateFinAdmission
        ? fill(text, { date: frenchDate(d.dateFinAdmission) })
        : messages.resultatDesiste;
    }
    default:
      return DASH;
  }
}

/** The assignment card (docs/assignment.md): blank until a bed is given. */
const ASSIGNMENT: { key: keyof MonAffectation; label: string }[] = [
  { key: 'anneeAcademique', label: messages.affectationAnnee },
  { key: 'libelleDirection', label: messages.affectationDirection },
  { key: 'nomVille', label: messages.affectationVille },
  { key: 'nomCite', label: messages.affectationCite },
  { key: 'libelleBatiment', label: messages.affectationBatiment },
  { key: 'libelleNiveau', label: messages.affectationNiveau },
  { key: 'libelleCouloir', label: messages.affectationCouloir },
  { key: 'libelleChambre', label: messages.affectationChambre },
  { key: 'libelleLit', label: messages.affectationLit },
];

/**
 * The assignment card of a resident who left (docs/life-in-the-cite.md#departure): the day of its
 * departure and the bed it held, then what remains to pay (the last months' rent and the damage)
 * with « Payer par mobile money » and « Mon loyer », or why nothing is to pay.
 */
function EndedStay({ r }: { r: StudentRent }) {
  const noPayment = nothingToPay(r);
  return (
    <aside className="card assignment-card" aria-labelledby="affectation-titre" data-testid="mon-affectation">
      <h2 id="affectation-titre">{messages.affectationTitre}</h2>
      <p data-testid="affectation-depart">
        {fillNodes(messages.affectationDepart, {
          date: <span className="nowrap">{frenchDate(r.dateDepart!)}</span>,
          cite: r.nomCite,
          chambre: <Code>{r.libelleChambre}</Code>,
          lit: <Code>{r.libelleLit}</Code>,
          annee: <span className="nowrap">{r.anneeAcademique}</span>,
        })}
      </p>
      {noPayment === null ? (
        <>
          <p className="assignment-owed" data-testid="reste-depart">
            {fill(messages.affectationDepartReste, { montant: formatFcfa(r.solde, { unit: true }) })}
          </p>
          <Link className="p-button p-component" to={payLink(r)}>
            <i className="pi pi-mobile" aria-hidden="true" />
            <span>{messages.monLoyerPayer}</span>
          </Link>
        </>
      ) : (
        <p className="field-hint" data-testid="rien-a-payer">
          {noPayment}
        </p>
      )}
      <Link className="p-button p-component p-button-outlined" to={paths.monLoyer}>
        <i className="pi pi-wallet" aria-hidden="true" />
        <span>{messages.monLoyerTitre}</span>
      </Link>
    </aside>
  );
}

/** Answers after which no bed can come of the dossier. */
const PLACE_ENDED: ReadonlySet<string> = new Set(['REFUSE', 'EXPIRE', 'RETIRE']);

/**
 * The whole location of the student's bed and the room category's monthly amount, once assigned,
 * and its certificate (a PDF fetched with the token, never the token in a URL).
 */
function AssignmentCard({ ine }: { ine: string }) {
  const toast = useToast();
  const mine = useQuery({
    queryKey: assignmentKeys.moi(ine),
    queryFn: ({ signal }) => fetchMonAffectation(signal),
    enabled: ine !== '',
    staleTime: 0,
  });
  const download = useMutation({
    mutationFn: (idAffectation: number) => telechargerAttestation(idAffectation),
    onSuccess: () => toast.success(messages.attestationTelechargee),
    onError: (err) => toast.failure(errorMessage(err)),
  });
  const a = mine.data ?? null;
  // « Payer mon loyer » only while something is left to pay; otherwise the reason (docs/rent.md#screens).
  const rent = useMyRent();
  const rentOfBed = a ? rent.data?.find((r) => r.idAffectation === a.idAffectation) : undefined;
  const noPayment = rentOfBed ? nothingToPay(rentOfBed) : null;
  const ahead = rentOfBed ? payAhead(rentOfBed) : null;
  // No bed now, but one a departure ended: the stay is over, and what remains to pay is said.
  const left = a || mine.isPending ? undefined : rent.data?.find((r) => r.dateDepart !== null);
  if (left && !mine.isError) return <EndedStay r={left} />;
  return (
    <aside className="card assignment-card" aria-labelledby="affectation-titre" data-testid="mon-affectation">
      <h2 id="affectation-titre">{messages.affectationTitre}</h2>
      {mine.isError ? (
        <LoadFailure error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        !a && !mine.isPending && <p className="field-hint">{messages.affectationAide}</p>
      )}
      {/* The bed's facts once there is a bed: before, the sentence above says when they come
          (ten rows of dashes read as a form left empty). */}
      {a && (
        <dl className="identity-card">
          {ASSIGNMENT.map(({ key, label }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd data-champ={key}>{(a[key] != null && String(a[key])) || DASH}</dd>
            </div>
          ))}
          <div>
            <dt>{messages.affectationMontant}</dt>
            <dd data-champ="montantChambre">
              {a.montantChambre != null ? formatFcfa(a.montantChambre, { unit: true }) : DASH}
            </dd>
          </div>
        </dl>
      )}
      {a && (
        <button
          type="button"
          className="p-button p-component"
          onClick={() => download.mutate(a.idAffectation)}
          disabled={download.isPending}
        >
          <i className={download.isPending ? 'pi pi-spin pi-spinner' : 'pi pi-download'} aria-hidden="true" />
          <span>{messages.telechargerAttestation}</span>
        </button>
      )}
      {rentOfBed && noPayment === null && (
        <>
          {/* Nothing due yet: the payment goes ahead to the next instalment, said as « Mon loyer » says it. */}
          {ahead !== null && (
            <p className="field-hint" data-testid="paiement-avance">
              {ahead}
            </p>
          )}
          <Link className="p-button p-component p-button-outlined" to={payLink(rentOfBed)}>
            <i className="pi pi-mobile" aria-hidden="true" />
            <span>{messages.menuPaiement}</span>
          </Link>
        </>
      )}
      {noPayment !== null && (
        <p className="field-hint" data-testid="rien-a-payer">
          {noPayment}
        </p>
      )}
    </aside>
  );
}

/**
 * A student housed last year in its direction, with no dossier yet in its session that takes
 * deposits, is invited to ask for its re-admission (docs/agency-rules.md#where-it-shows): the server
 * decides (`readmissionPossible` of the student's deposit situation, the read its menu makes too);
 * the page only shows it.
 */
function ReadmissionInvite({ ine }: { ine: string }) {
  const situation = useQuery({ ...depositSituationQuery(ine), enabled: ine !== '' });
  const s = situation.data;
  if (!s?.readmissionPossible) return null;
  return (
    <section className="card notice notice-info readmission-invite" data-testid="invitation-readmission">
      <h2>{messages.readmissionTitre}</h2>
      <p>{fill(messages.readmissionInvitation, { annee: s.anneeAcademique ?? DASH })}</p>
      <Link className="p-button p-component" to={`${paths.depot}?readmission=1`}>
        <i className="pi pi-refresh" aria-hidden="true" />
        <span>{messages.demanderReadmission}</span>
      </Link>
    </section>
  );
}

/**
 * /tableau-de-bord for a student: its dossiers with receipt number,
 * ville of deposit, date, status, type and result; 'Consulter' always, 'Modifier' and 'Supprimer'
 * only while the session allows them (the server refuses otherwise, and its message shows); the
 * 'Confirmez' dialog before a delete; the assignment card, blank until a bed is given.
 */
export default function DashboardPage() {
  useDocumentTitle(messages.menuTableauDeBord);
  const user = useUser();
  const ine = user?.username ?? '';
  const toast = useToast();
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<DossierSummary | null>(null);

  const list = useQuery({
    queryKey: dossierKeys.liste(ine),
    queryFn: ({ signal }) => fetchDossiers(ine, signal),
    enabled: ine !== '',
    staleTime: 0,
  });

  const remove = useMutation({
    mutationFn: (d: DossierSummary) => deleteDossier(d.idDossier),
    onSuccess: () => {
      toast.success(messages.dossierSupprime, undefined, WORKFLOW_LIFE);
    },
    onError: (err) => toast.failure(errorMessage(err)),
    onSettled: () => {
      setToDelete(null);
      return queryClient.invalidateQueries({ queryKey: dossierKeys.all });
    },
  });

  const closeDialog = useCallback(() => {
    if (!remove.isPending) setToDelete(null);
  }, [remove.isPending]);

  const rows = list.data ?? [];

  return (
    <div className="dashboard">
      <div className="dashboard-main">
        <section className="card dossier-page" aria-labelledby="mes-dossiers">
          <h1>{messages.menuTableauDeBord}</h1>
          {/* Static, and written into the HTML too: the page's largest text, painted before its
              script has run (docs/decisions/131-first-paint-from-the-html.md). */}
          <p className="lead">{messages.tableauDeBordIntro}</p>
          <h2 id="mes-dossiers">{messages.mesDossiers}</h2>
          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
          ) : rows.length === 0 ? (
            <div className="notice notice-info" data-testid="aucun-dossier">
              <p>{messages.aucunDossier}</p>
              <Link to={paths.depot}>{messages.deposerUnDossier}</Link>
            </div>
          ) : (
            <table className="stack-table" data-testid="dossiers">
              <thead>
                <tr>
                  <th scope="col">{messages.colonneReference}</th>
                  <th scope="col">{messages.colonneVilleDepot}</th>
                  <th scope="col">{messages.colonneDateDepot}</th>
                  <th scope="col">{messages.colonneStatutDossier}</th>
                  <th scope="col">{messages.colonneTypeDossier}</th>
                  <th scope="col">{messages.colonneResultat}</th>
                  <th scope="col">{messages.colonneActions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.idDossier} data-reference={d.referenceDossier}>
                    <th scope="row" data-label={messages.colonneReference}>
                      <Code>{d.referenceDossier}</Code>
                    </th>
                    <td data-label={messages.colonneVilleDepot}>{villeOf(d) || DASH}</td>
                    <td data-label={messages.colonneDateDepot}>{frenchDate(d.dateDepot) || DASH}</td>
                    <td data-label={messages.colonneStatutDossier}>
                      {enumLabel('statutDossier', d.statutDossier) || DASH}
                    </td>
                    <td data-label={messages.colonneTypeDossier}>
                      {enumLabel('typeDossier', d.typeDossier) || DASH}
                    </td>
                    <td data-label={messages.colonneResultat}>{resultOf(d)}</td>
                    <td data-label={messages.colonneActions}>
                      <div className="row-actions">
                        <Link
                          className="p-button p-component p-button-outlined p-button-sm"
                          to={paths.dossier.consulter(d.idDossier)}
                        >
                          <i className="pi pi-eye" aria-hidden="true" />
                          <span>{messages.consulter}</span>
                        </Link>
                        {canEdit(d) && (
                          <Link
                            className="p-button p-component p-button-outlined p-button-sm"
                            to={paths.dossier.modifier(d.idDossier)}
                          >
                            <i className="pi pi-pencil" aria-hidden="true" />
                            <span>{messages.modifier}</span>
                          </Link>
                        )}
                        {canDelete(d) && (
                          <button
                            type="button"
                            className="p-button p-component p-button-outlined p-button-danger p-button-sm"
                            onClick={() => setToDelete(d)}
                          >
                            <i className="pi pi-trash" aria-hidden="true" />
                            <span>{messages.supprimer}</span>
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <ReadmissionInvite ine={ine} />
        {rows.some((d) => d.statutDossier === 'ADMIS' && d.reponse === 'ACCEPTE') && (
          <Suspense fallback={null}>
            <RoomChoiceCard ine={ine} />
          </Suspense>
        )}
        {rows.filter(hasResult).map((d) => (
          <section
            key={d.idDossier}
            className="card dossier-page dossier-result"
            aria-labelledby={`resultat-${d.idDossier}`}
            data-testid="resultat-dossier"
            data-reference={d.referenceDossier}
          >
            <h2 id={`resultat-${d.idDossier}`}>
              {fillNodes(messages.resultatDossierTitre, { reference: <Code>{d.referenceDossier}</Code> })}
            </h2>
            <Suspense fallback={<Loading />}>
              <StudentResult idDossier={d.idDossier} compact />
            </Suspense>
          </section>
        ))}
      </div>
      {/* A bed goes to a student with a dossier (decision 010: published or uploaded admission): none, no
          call; nor when every dossier's place was renounced, left without answer or withdrawn (no bed
          can come: « un lit vous sera attribué » would mislead). */}
      {rows.some((d) => !d.reponse || !PLACE_ENDED.has(d.reponse)) && <AssignmentCard ine={ine} />}
      {toDelete && (
        <ConfirmDialog
          title={messages.confirmerTitre}
          testId="confirmation"
          warning
          cancelLabel={messages.garderLeDossier}
          confirmLabel={messages.supprimerLeDossier}
          danger
          pending={remove.isPending}
          onCancel={closeDialog}
          onConfirm={() => remove.mutate(toDelete)}
        >
          {/* The dossier by its reference, and what deleting it means (docs/sessions-and-dossiers.md). */}
          {fillNodes(messages.confirmerSuppressionDossier, {
            reference: <Code>{toDelete.referenceDossier}</Code>,
          })}
        </ConfirmDialog>
      )}
    </div>
  );
}
