import './cite-life.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { frenchDateTimeShort } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { citeMessages as t } from '../../../domain/messages-cite';
import { formatFcfa } from '../../../domain/money';
import { departureBalance } from '../../../domain/rent';
import { can } from '../../../domain/permissions';
import { errorId, FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { ApiError, errorMessage } from '../../lib/api';
import { roleOf, useUser } from '../../lib/auth';
import { fill, frenchDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import {
  chargeDamage,
  citeKeys,
  damageReceipt,
  departKeys,
  fetchComparison,
  fetchInventories,
  fetchMyDepartures,
  recordDeparture,
} from './api';
import { MONTHS } from '../offers/time';
import { AssignmentPage } from './AssignmentPage';
import { InventoryForm, StoredPhoto } from './EtatDesLieuxPage';

type Comparison = Awaited<ReturnType<typeof fetchComparison>>;
type Element = Comparison['elements'][number];

const today = () => new Date().toISOString().slice(0, 10);
/** « décembre 2026 » of a YYYY-MM-DD day. */
const monthOf = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1] ?? ''} ${iso.slice(0, 4)}`;
const isDay = (iso: string) => /^\d{4}-\d{2}-\d{2}$/.test(iso);
/**
 * /depart/:idAffectation (an agent of the cité, the admin) and /mon-depart (the resident): the
 * departure inventory, compared with the arrival one element by element, the damage charged, the
 * departure and the balance (docs/life-in-the-cite.md#departure).
 */
export default function DepartPage() {
  return (
    <AssignmentPage
      title={t.departTitre}
      none={t.departAucun}
      mineKey={departKeys.mine}
      fetchMine={fetchMyDepartures}
    >
      {(id) => <Departure idAffectation={id} />}
    </AssignmentPage>
  );
}

function Departure({ idAffectation }: { idAffectation: number }) {
  const agent = can(roleOf(useUser()), 'cite.agent');
  const queryClient = useQueryClient();
  const comparison = useQuery({
    queryKey: departKeys.comparison(idAffectation),
    queryFn: ({ signal }) => fetchComparison(idAffectation, signal),
  });
  // The room's elements for the departure inventory's form (the agent's alone).
  const inventories = useQuery({
    queryKey: citeKeys.inventory(idAffectation),
    queryFn: ({ signal }) => fetchInventories(idAffectation, signal),
    enabled: agent,
  });
  const [charging, setCharging] = useState<Element | null>(null);
  // The departure's day as the form gives it: what is due is shown for that day.
  const [date, setDate] = useState(today);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: departKeys.comparison(idAffectation) }),
      queryClient.invalidateQueries({ queryKey: citeKeys.inventory(idAffectation) }),
      queryClient.invalidateQueries({ queryKey: citeKeys.dashboard }),
    ]);

  if (comparison.isPending || (agent && inventories.isPending)) return <Loading />;
  if (comparison.isError)
    return <LoadFailure error={comparison.error} onRetry={() => void comparison.refetch()} />;
  const d = comparison.data;
  const ended = d.dateDepart !== null || d.annulee;
  const sortie = inventories.data?.inventaires.find((i) => i.type === 'SORTIE');
  // The server says whether it would take the departure inventory (the key, the arrival one filled).
  const mayFillSortie = agent && !ended && inventories.data?.peutRemplirSortie === true;
  // Photos are promised side by side only when there are some (the departure inventory's form,
  // the agent's, is where they are taken: InventoryForm, sent through the uploads).
  const withPhotos = d.elements.some(
    (e) => (e.entree?.photos.length ?? 0) + (e.sortie?.photos.length ?? 0) > 0,
  );

  return (
    <section className="card cite-arrival cite-departure">
      <h1>{t.departTitre}</h1>
      <p className="cite-place">
        <strong>{d.etudiant}</strong> ({d.ine})<br />
        {d.nomCite}, {d.libelleChambre}, {d.libelleLit}
      </p>
      {d.dateDepart && (
        <p className="notice notice-info" data-testid="depart-enregistre">
          {fill(t.departLe, { date: frenchDate(d.dateDepart) })}
        </p>
      )}
      {d.annulee && <p className="notice notice-info">{t.affectationAnnulee}</p>}

      <h2>{t.comparaisonTitre}</h2>
      <p data-testid="comparaison-intro">
        {withPhotos
          ? t.comparaisonIntro
          : mayFillSortie
            ? t.comparaisonIntroPhotosSortie
            : t.comparaisonIntroSansPhoto}
      </p>
      <ul className="cite-compare" data-testid="comparaison">
        {d.elements.map((e) => (
          <li key={e.idElementInventaire} className={e.degrade ? 'is-worse' : undefined}>
            <h3>
              {e.libelleElement} <span className="cite-quantite">{fill(t.quantite, { n: e.quantite })}</span>
            </h3>
            <div className="cite-compare-sides">
              <Side title={t.colonneEntree} state={e.entree} element={e.libelleElement} />
              <Side title={t.colonneSortie} state={e.sortie} element={e.libelleElement} />
            </div>
            {e.degrade && (
              <p className="cite-worse">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
                {e.idDegradation ? t.degradationFacturee : t.degrade}
              </p>
            )}
            {agent && e.degrade && !e.idDegradation && (
              <button
                type="button"
                className="p-button p-component p-button-outlined p-button-sm"
                onClick={() => setCharging(e)}
              >
                <i className="pi pi-wallet" aria-hidden="true" />
                <span>{t.facturer}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {d.idSortie === null && <p>{t.sortieAttendue}</p>}
      {agent && !ended && d.idEntree === null && (
        <p className="notice notice-info" data-testid="sortie-sans-entree">
          {messages.etatDesLieuxSortieSansEntree}
        </p>
      )}

      {mayFillSortie && inventories.data && (
        <>
          <h2>{t.sortieTitre}</h2>
          <InventoryForm
            idAffectation={idAffectation}
            type="SORTIE"
            submitLabel={t.sortieEnregistrer}
            elements={inventories.data.elementsChambre}
            deadline={null}
            initial={sortie?.elements ?? []}
            onSaved={refresh}
          />
        </>
      )}

      <h2>{t.degradationsTitre}</h2>
      {d.degradations.length === 0 ? (
        <p>{t.aucuneDegradation}</p>
      ) : (
        <ul className="cite-damages" data-testid="degradations">
          {d.degradations.map((g) => (
            <li key={g.idDegradation}>
              {fill(t.degradationLigne, {
                element: g.libelleElement,
                montant: formatFcfa(g.montant, { unit: true }),
                motif: g.motif,
              })}{' '}
              ({g.reference}, {frenchDateTimeShort(new Date(g.dateFacturation))}){' '}
              <button
                type="button"
                className="p-button p-component p-button-text p-button-sm"
                aria-label={fill(t.telechargerAvisNom, { reference: g.reference })}
                onClick={() => void damageReceipt(idAffectation, g.idDegradation, g.reference)}
              >
                <i className="pi pi-download" aria-hidden="true" />
                <span>{t.telechargerAvis}</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {/* Before the departure, the agent and the resident read the same figure: what a departure
          on the agent's date (the resident: today) leaves to pay, not the whole year's balance. */}
      {!ended ? (
        <DueAtDeparture compte={d.compte} date={agent && isDay(date) ? date : today()} />
      ) : (
        <>
          <h2>{t.soldeTitre}</h2>
          <p data-testid="solde">
            {d.solde > 0
              ? fill(t.resteAPayer, { montant: formatFcfa(d.solde, { unit: true }) })
              : d.solde < 0
                ? fill(t.tropPercu, { montant: formatFcfa(-d.solde, { unit: true }) })
                : t.soldeNul}
          </p>
        </>
      )}
      {!agent && (
        <p>
          <Link to={paths.monLoyer}>{t.voirLoyer}</Link>
        </p>
      )}

      {agent && !ended && d.idSortie !== null && (
        <DepartureForm idAffectation={idAffectation} date={date} onDate={setDate} onDone={refresh} />
      )}
      {charging && (
        <DamageDialog
          idAffectation={idAffectation}
          element={charging}
          onClose={() => setCharging(null)}
          onDone={refresh}
        />
      )}
    </section>
  );
}

function Side(props: { title: string; state: Element['entree']; element: string }) {
  return (
    <div className="cite-compare-side">
      <p>
        <strong>{props.title}</strong>
        {'\u00a0'}: {props.state ? t.etats[props.state.etat] : t.nonRenseigne}
      </p>
      {props.state?.commentaire && <p className="cite-comment">{props.state.commentaire}</p>}
      {props.state && props.state.photos.length > 0 && (
        <span className="cite-photos">
          {props.state.photos.map((p) => (
            <StoredPhoto key={p} idPhoto={p} element={props.element} />
          ))}
        </span>
      )}
    </div>
  );
}

/**
 * What a departure on `date` leaves to pay, by rent's rule (`departureBalance`, decision 058): the
 * instalments up to and including its month, the damage, less what was paid; the later months' are
 * no longer due once the departure is recorded.
 */
function DueAtDeparture({ compte, date }: { compte: Comparison['compte']; date: string }) {
  const b = departureBalance(compte, date);
  const mois = monthOf(date);
  const fcfa = (n: number) => formatFcfa(n, { unit: true });
  const jour = frenchDate(date);
  const rows: [key: string, label: string, value: string][] = [
    ['echeancesDues', fill(t.echeancesJusquA, { mois }), fcfa(b.echeancesDues)],
    ['degradations', t.degradationsFactureesTotal, fcfa(b.degradations)],
    ['paye', t.dejaPaye, b.paye > 0 ? `\u2212\u00a0${fcfa(b.paye)}` : fcfa(b.paye)],
  ];
  return (
    <>
      <h2>{t.duAuDepartTitre}</h2>
      <p data-testid="montant-depart" className="cite-due">
        {b.du > 0
          ? fill(t.duAuDepart, { date: jour, montant: fcfa(b.du) })
          : b.du < 0
            ? fill(t.duAuDepartTropPercu, { date: jour, montant: fcfa(-b.du) })
            : fill(t.duAuDepartSolde, { date: jour })}
      </p>
      <dl className="cite-due-parts">
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-champ={key}>{value}</dd>
          </div>
        ))}
      </dl>
      <p data-testid="reste-annee">
        {b.nbPlusDues > 0
          ? fill(t.resteAnneeNonDu, { n: b.nbPlusDues, mois, montant: fcfa(b.plusDues) })
          : fill(t.resteAnneeAucun, { mois })}
      </p>
    </>
  );
}

function DepartureForm({
  idAffectation,
  date,
  onDate,
  onDone,
}: {
  idAffectation: number;
  date: string;
  onDate: (date: string) => void;
  onDone: () => Promise<unknown>;
}) {
  const toast = useToast();
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setFailure(null);
    try {
      const answer = await recordDeparture(idAffectation, date);
      toast.success(answer.message);
      await onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (fields.date) setError(fields.date);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cite-depart" onSubmit={submit} noValidate data-testid="formulaire-depart">
      <h2>{t.departEnregistrerTitre}</h2>
      <p>{t.departAide}</p>
      <FormField id="dateDepart" label={t.dateDepart} required error={error}>
        <input
          id="dateDepart"
          type="date"
          className="p-inputtext p-component"
          value={date}
          max={today()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId('dateDepart') : undefined}
          onChange={(e) => onDate(e.target.value)}
        />
      </FormField>
      <button type="submit" className="p-button p-component" disabled={busy || !date}>
        <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-sign-out'} aria-hidden="true" />
        <span>{t.enregistrerDepart}</span>
      </button>
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

function DamageDialog(props: {
  idAffectation: number;
  element: Element;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const toast = useToast();
  const [montant, setMontant] = useState('');
  const [motif, setMotif] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const answer = await chargeDamage(props.idAffectation, {
        idElementInventaire: props.element.idElementInventaire,
        montant: Number(montant.replace(/\s/g, '')),
        motif: motif.trim(),
      });
      toast.success(answer.message);
      await props.onDone();
      props.onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      setErrors(fields);
      if (!fields.montant && !fields.motif) setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={fill(t.facturerTitre, { element: props.element.libelleElement })}
      onClose={props.onClose}
      testId="dialogue-degradation"
      footer={
        <>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={props.onClose}
            disabled={busy}
          >
            <i className="pi pi-times" aria-hidden="true" />
            <span>{t.annuler}</span>
          </button>
          <button type="submit" form="form-degradation" className="p-button p-component" disabled={busy}>
            <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
            <span>{t.valider}</span>
          </button>
        </>
      }
    >
      <form id="form-degradation" onSubmit={submit} noValidate>
        <FormField id="montantDegradation" label={t.montantFcfa} required error={errors.montant}>
          <input
            id="montantDegradation"
            className="p-inputtext p-component"
            inputMode="numeric"
            value={montant}
            aria-invalid={errors.montant ? true : undefined}
            aria-describedby={errors.montant ? errorId('montantDegradation') : undefined}
            onChange={(e) => setMontant(e.target.value)}
          />
        </FormField>
        <FormField id="motifDegradation" label={t.motif} required error={errors.motif}>
          <textarea
            id="motifDegradation"
            className="p-inputtext p-component"
            rows={2}
            maxLength={300}
            value={motif}
            aria-invalid={errors.motif ? true : undefined}
            aria-describedby={errors.motif ? errorId('motifDegradation') : undefined}
            onChange={(e) => setMotif(e.target.value)}
          />
        </FormField>
        {failure && (
          <p className="error-text" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
