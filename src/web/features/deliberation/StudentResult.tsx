import './deliberation.css';
import { useQuery } from '@tanstack/react-query';
import { womenShareApplies } from '../../../domain/agency-rules';
import { messages } from '../../../domain/messages';
import { roomChoiceMessages } from '../../../domain/messages-room-choice';
import { mySlotState } from '../../../domain/room-choice';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { enumLabel } from '../../../domain/messages-labels';
import { Loading } from '../../components/Loading';
import { LoadFailure } from '../../components/LoadFailure';
import { ApiError } from '../../lib/api';
import { fill, frenchDate } from '../../lib/format';
import { OfferCard } from '../offers/OfferCard';
import { rangOrdinal } from '../offers/time';
import type { DossierResult } from '../../../domain/schemas/deliberation';
import { delibKeys, fetchResultat, formatMoyenne } from './api';
import { TableScroll } from '../../components/TableScroll';
import { useUser } from '../../lib/auth';
import { fetchMine, roomChoiceKeys } from '../room-choice/api';

type ResultatLigne = NonNullable<DossierResult['detail']>['lignes'][number];

/** The statuses a publication gives (docs/sessions-and-dossiers.md); before it there is no result to show. */
/** « 1 an », « 2 ans ». */
const years = (n: number) => fill(n === 1 ? messages.dureeUnAn : messages.dureeAns, { n });

/** Why the deliberation did not rank the dossier, in plain French (docs/agency-rules.md). */
export function nonCandidateText(n: NonNullable<DossierResult['nonCandidat']>): string {
  if (n.raison === 'DUREE_MAXIMALE')
    return fill(messages.nonCandidatDureeMaximale, {
      annees: years(n.anneesHebergement),
      max: years(n.dureeMaximale),
    });
  if (n.raison === 'NON_ANALYSE') return messages.nonCandidatNonAnalyse;
  return messages.nonCandidatCritereObligatoire;
}

const PUBLISHED = new Set(['ADMIS', 'LISTE_ATTENTE', 'NON_ADMIS', 'DESISTE']);

const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const n = (v: number | null | undefined) =>
  typeof v === 'number' && Number.isFinite(v) ? number.format(v) : '';

const listeLabel = (liste: string) =>
  liste === 'ATTENTE' || liste === 'LISTE_ATTENTE'
    ? messages.listeAttenteTitre
    : enumLabel('listeDeliberation', liste);

/** What became of an answered offer, in the student's words. */
const OFFER_STATE: Record<string, string> = {
  ACCEPTE: messages.offreEtatAcceptee,
  REFUSE: messages.offreEtatRefusee,
  EXPIRE: messages.offreEtatExpiree,
  RETIRE: messages.offreEtatRetiree,
};

/**
 * Whether a room-choice campaign gives the student a slot still to use (the dashboard's card
 * « Choix de la chambre » is then shown: the same read, asked once), for an accepted place with
 * no bed yet: the text then points to the card, never to a card that is not there. `HOLD`: the
 * student holds a room, to confirm.
 */
function useRoomChoiceSlot(accepted: boolean): 'HOLD' | 'OPEN' | null {
  const ine = useUser()?.username ?? '';
  const mine = useQuery({
    queryKey: roomChoiceKeys.moi(ine),
    queryFn: ({ signal }) => fetchMine(signal),
    enabled: accepted && ine !== '',
    staleTime: 0,
    retry: false,
  });
  if (!mine.data) return null;
  const state = mySlotState(new Date(), mine.data);
  if (state === 'EN_RESERVATION') return 'HOLD';
  return state === 'EN_ATTENTE' || state === 'PAS_ENCORE_OUVERT' ? 'OPEN' : null;
}

/** Results move while the page is open (others renounce, a deadline passes): read again each minute. */
const REFRESH_MS = 60_000;

function Points({ ligne }: { ligne: ResultatLigne }) {
  if (!ligne.compte) return <span className="non-compte">{messages.pointsNonComptes}</span>;
  return (
    <>
      {fill(messages.pointsCalcul, {
        coefficient: n(ligne.coefficient),
        note: n(ligne.note),
        produit: n(ligne.produit),
      })}
    </>
  );
}

/** The score criterion by criterion, the total, the divisor and the division: the commission's arithmetic. */
function Detail({ detail }: { detail: NonNullable<DossierResult['detail']> }) {
  return (
    <>
      <p>{messages.detailAide}</p>
      <TableScroll label={messages.detailTitre}>
        <table className="stack-table result-table" aria-label={messages.detailTitre}>
          <thead>
            <tr>
              <th scope="col">{messages.colonneTypeCritere}</th>
              <th scope="col">{messages.colonneCritere}</th>
              <th scope="col" className="numeric">
                {messages.colonneCoefficient}
              </th>
              <th scope="col" className="numeric">
                {messages.colonneNote}
              </th>
              <th scope="col">{messages.colonneJugement}</th>
              <th scope="col" className="numeric">
                {messages.colonnePoints}
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.lignes.map((l, i) => (
              <tr key={i} className={l.compte ? undefined : 'non-compte'}>
                <td data-label={messages.colonneTypeCritere}>{l.libelleTypeCritere}</td>
                <td data-label={messages.colonneCritere}>{l.libelleCritere}</td>
                <td className="numeric" data-label={messages.colonneCoefficient}>
                  {n(l.coefficient)}
                </td>
                <td className="numeric" data-label={messages.colonneNote}>
                  {n(l.note)}
                </td>
                <td data-label={messages.colonneJugement}>
                  {l.valeurAnalyse ? enumLabel('valeurAnalyse', l.valeurAnalyse) : messages.nonAnalyse}
                </td>
                <td className="numeric" data-label={messages.colonnePoints}>
                  <Points ligne={l} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                {messages.detailTotal}
              </th>
              <td className="numeric" data-testid="detail-total">
                {n(detail.total)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                {messages.detailDiviseur}
              </th>
              <td className="numeric" data-testid="detail-diviseur">
                {n(detail.diviseur)}
              </td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <p className="result-formula" data-testid="detail-formule">
        {fill(messages.detailMoyenne, {
          total: n(detail.total),
          diviseur: n(detail.diviseur),
          moyenne: formatMoyenne(detail.moyenne),
        })}
      </p>
    </>
  );
}

/**
 * The result of one of the student's dossiers once the deliberation is published (docs/deliberation.md,
 * docs/offers.md): its status, its list and rank, its answer and deadline, and its score broken down
 * criterion by criterion so that the student can redo the commission's arithmetic. Before the
 * publication: 'Résultats non encore publiés.' An offer waiting for its answer shows its deadline,
 * the time left and the two answers (`OfferCard`); a waiting student reads its place in the
 * waiting list. Read again each minute and on focus (others renounce, deadlines pass). On the
 * student's dashboard (`compact`: the breakdown folded) and on /mon-resultat; no component
 * library, so that it stays light on phones.
 */
export function StudentResult({ idDossier, compact = false }: { idDossier: number; compact?: boolean }) {
  const query = useQuery({
    queryKey: delibKeys.resultat(idDossier),
    // Not yet published (the server has no result for this dossier: 404 or 409) is an answer,
    // kept as `null` like any other read, so that it shows offline too (src/web/lib/offline.ts).
    queryFn: async ({ signal }): Promise<DossierResult | null> => {
      try {
        return await fetchResultat(idDossier, signal);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 409)) return null;
        throw err;
      }
    },
    staleTime: 0,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });
  const slot = useRoomChoiceSlot(query.data?.reponse === 'ACCEPTE' && !query.data.litAttribue);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  const r = query.data;
  if (!r || !r.statutDossier || (r.publie ?? PUBLISHED.has(r.statutDossier)) === false)
    return (
      <p className="result-pending" data-testid="resultat-non-publie">
        {messages.resultatNonPublie}
      </p>
    );
  const attente = r.statutDossier === 'LISTE_ATTENTE';
  const enAttente = r.reponse === 'EN_ATTENTE' && r.statutDossier === 'ADMIS';
  // An accepted place whose bed is given says so: never 'a bed will be given' above the bed.
  // After a departure the stay is over: never 'a bed will be given' to a resident who left.
  const waitingForBed = r.reponse === 'ACCEPTE' && !r.litAttribue && !r.dateDepart;
  const state =
    r.reponse === 'ACCEPTE' && r.litAttribue
      ? messages.offreEtatLitAttribue
      : r.reponse === 'ACCEPTE' && r.dateDepart
        ? fill(messages.offreEtatParti, { date: frenchDate(r.dateDepart) })
        : waitingForBed && slot
          ? slot === 'HOLD'
            ? messages.offreEtatAccepteeReservation
            : messages.offreEtatAccepteeChoix
          : r.reponse
            ? OFFER_STATE[r.reponse]
            : undefined;
  return (
    <div className="student-result" data-testid="resultat-etudiant">
      <section className="result-card">
        <h2>{fill(messages.resultatStatut, { statut: enumLabel('statutDossier', r.statutDossier) })}</h2>
        <ul className="result-facts">
          {r.liste && !attente && <li>{fill(messages.resultatListe, { liste: listeLabel(r.liste) })}</li>}
          {typeof r.rang === 'number' && !attente && <li>{fill(messages.resultatRang, { rang: r.rang })}</li>}
          {typeof r.partFemmes === 'number' && r.partFemmes > 0 && womenShareApplies(r.liste) && (
            // The share the dossier's list was ranked with; READMISSIONS has none (docs/agency-rules.md).
            <li data-testid="part-femmes">{fill(messages.partFemmesRegle, { part: r.partFemmes })}</li>
          )}
          {typeof r.moyenne === 'number' && (
            <li>{fill(messages.resultatMoyenne, { moyenne: formatMoyenne(r.moyenne) })}</li>
          )}
          {r.reponse && !enAttente && (
            <li data-testid="reponse-offre">
              {fill(messages.resultatReponse, { reponse: enumLabel('reponseEtudiant', r.reponse) })}
            </li>
          )}
        </ul>
        {attente && typeof r.rang === 'number' && (
          <div className="waiting-rank" data-testid="rang-attente">
            <p className="offer-state">{fill(messages.rangAttenteEtudiant, { rang: rangOrdinal(r.rang) })}</p>
            <p>{messages.attenteAide}</p>
          </div>
        )}
        {r.nonCandidat && (
          <p className="offer-state" data-testid="motif-non-candidat">
            {nonCandidateText(r.nonCandidat)}
          </p>
        )}
        {state && (
          <p className="offer-state" data-testid="etat-offre">
            {state}
          </p>
        )}
        {/* The dashboard's card leads to the choice; on the result's own page, this link. */}
        {!compact && waitingForBed && slot && (
          <p>
            <Link to={paths.choixChambre} data-testid="lien-choix-chambre">
              {slot === 'HOLD' ? roomChoiceMessages.choixCarteConfirmer : roomChoiceMessages.choixOuvrir}
            </Link>
          </p>
        )}
        {enAttente && (
          <OfferCard
            idDossier={idDossier}
            referenceDossier={r.referenceDossier}
            dateLimiteReponse={r.dateLimiteReponse}
          />
        )}
      </section>
      {r.detail &&
        (compact ? (
          <details className="result-card" data-testid="detail-moyenne">
            <summary>{messages.detailVoir}</summary>
            <h3>{messages.detailTitre}</h3>
            <Detail detail={r.detail} />
          </details>
        ) : (
          <section className="result-card" data-testid="detail-moyenne">
            <h2>{messages.detailTitre}</h2>
            <Detail detail={r.detail} />
          </section>
        ))}
    </div>
  );
}
