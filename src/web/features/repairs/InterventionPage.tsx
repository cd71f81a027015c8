import '../cite-life/cite-life.css';
import './repairs.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { frenchDateTimeShort } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { enumLabel } from '../../../domain/messages-labels';
import { lateWords, repairMessages as t } from '../../../domain/messages-repairs';
import { STATUTS_OUVERTS } from '../../../domain/repairs';
import { scopeOf } from '../../../domain/permissions';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { roleOf, useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { fetchHistory, fetchRequest, moveRequest, repairKeys, requestPhotoUrl } from './api';

const date = (iso: string | null | undefined) => (iso ? frenchDateTimeShort(new Date(iso)) : '');

/** /intervention/:id: a request, its photos and history; the moves the reader may make, with a comment. */
export default function InterventionPage() {
  const id = Number(useParams().id);
  const role = roleOf(useUser());
  useDocumentTitle(fill(t.demandeTitre, { numero: id }));
  const request = useQuery({
    queryKey: repairKeys.one(id),
    queryFn: ({ signal }) => fetchRequest(id, signal),
  });
  const history = useQuery({
    queryKey: repairKeys.history(id),
    queryFn: ({ signal }) => fetchHistory(id, signal),
  });
  if (request.isPending || history.isPending) return <Loading />;
  if (request.isError) return <LoadFailure error={request.error} onRetry={() => void request.refetch()} />;
  if (history.isError) return <LoadFailure error={history.error} onRetry={() => void history.refetch()} />;
  const r = request.data;
  const own = scopeOf(role, 'repair.read') === 'own';
  const late = lateWords(r);
  return (
    <section className="card cite-arrival" data-testid="intervention">
      <h1>{fill(t.demandeTitre, { numero: r.idIntervention })}</h1>
      <p>
        <Link to={own ? paths.mesDemandes : paths.interventions}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> {t.retourListe}
        </Link>
      </p>
      <dl className="cite-facts">
        <dt>{t.colonneOu}</dt>
        <dd>
          {r.libelleChambre
            ? `${r.nomCite}, ${r.libelleChambre}`
            : `${r.nomCite}, ${enumLabel('lieu', r.lieu)}`}
        </dd>
        <dt>{t.categorie}</dt>
        <dd>{enumLabel('categorie', r.categorie)}</dd>
        <dt>{t.priorite}</dt>
        <dd>{enumLabel('priorite', r.priorite)}</dd>
        <dt>{t.etat}</dt>
        <dd data-testid="statut-intervention">
          {/* Resolved past its deadline: the list's words alone; otherwise the state, then how late. */}
          {late !== null && r.statut === 'RESOLUE' ? (
            late
          ) : (
            <>
              {enumLabel('statut', r.statut)}
              {late !== null &&
                (STATUTS_OUVERTS.includes(r.statut) ? (
                  <strong className="error-text"> — {late}</strong>
                ) : (
                  <> — {late}</>
                ))}
            </>
          )}
        </dd>
        <dt>{t.description}</dt>
        <dd className="intervention-description">{r.description}</dd>
      </dl>
      <p>{fill(t.signaleePar, { auteur: r.auteur, date: date(r.dateSignalement) })}</p>
      {r.statut !== 'CLOTUREE' && r.statut !== 'RESOLUE' && (
        <p>{fill(t.echeance, { date: date(r.echeance) })}</p>
      )}
      {r.clotureLe && (
        // Said to whoever may confirm or reopen (the server's moves for the reader), else of the
        // resident who reported it; a request an agent made closes by itself.
        <p data-testid="cloture-intervention">
          {fill(
            r.actions.includes('CLOTUREE') || r.actions.includes('REOUVERTE')
              ? t.cloture
              : r.parResidant
                ? t.clotureAutres
                : t.clotureSansResidant,
            { date: date(r.clotureLe) },
          )}
        </p>
      )}
      {r.photos.length > 0 && (
        <div className="cite-photos">
          {r.photos.map((p, i) => (
            <StoredPhoto key={p} idPhoto={p} n={i + 1} />
          ))}
        </div>
      )}
      {r.actions.length > 0 && <Moves id={r.idIntervention} actions={r.actions} />}
      <h2>{t.historique}</h2>
      <ol className="cite-arrivals" data-testid="historique">
        {history.data.map((h, i) => (
          <li key={i}>
            <strong>{enumLabel('statut', h.statut)}</strong> — {date(h.date)}, {h.auteur ?? t.parSysteme}
            {h.commentaire && fill(t.commentaireCite, { commentaire: h.commentaire })}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Moves(props: {
  id: number;
  actions: ('NOUVELLE' | 'PRISE_EN_CHARGE' | 'RESOLUE' | 'REOUVERTE' | 'CLOTUREE')[];
}) {
  const toast = useToast();
  const client = useQueryClient();
  const [commentaire, setCommentaire] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function go(statut: (typeof props.actions)[number]) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await moveRequest(props.id, statut, commentaire.trim() || null);
      toast.success(answer.message);
      setCommentaire('');
      await Promise.all([
        client.invalidateQueries({ queryKey: repairKeys.one(props.id) }),
        client.invalidateQueries({ queryKey: repairKeys.history(props.id) }),
        client.invalidateQueries({ queryKey: repairKeys.list() }),
      ]);
    } catch (err) {
      setFailure(err instanceof ApiError ? errorMessage(err) : messages.echecEnvoiDonnees);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="cite-element cite-sign">
      <label htmlFor="intervention-commentaire">{t.commentaire}</label>
      <textarea
        id="intervention-commentaire"
        className="p-inputtext p-component"
        rows={2}
        maxLength={1000}
        value={commentaire}
        onChange={(e) => setCommentaire(e.target.value)}
      />
      <div className="intervention-actions">
        {props.actions.map((a) => (
          <button
            key={a}
            type="button"
            className={`p-button p-component${a === 'REOUVERTE' ? ' p-button-outlined' : ''}`}
            disabled={busy}
            onClick={() => void go(a)}
          >
            {t.actions[a]}
          </button>
        ))}
      </div>
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/** A stored photo, fetched with the session's token. */
function StoredPhoto({ idPhoto, n }: { idPhoto: number; n: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void requestPhotoUrl(idPhoto)
      .then((u) => {
        url = u;
        if (live) setSrc(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [idPhoto]);
  return src ? <img src={src} alt={fill(t.photoAlt, { n })} className="cite-photo" /> : null;
}
