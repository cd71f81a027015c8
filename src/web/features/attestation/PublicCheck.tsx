import './attestation.css';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../domain/messages';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/title';

/** What a public check found: a verdict, its title, a sentence, and the facts it may show. */
export interface CheckVerdict {
  etat: 'valide' | 'annulee' | 'introuvable';
  title: string;
  text?: string | null;
  /** A sentence in bold under `text` (a damage's « Payé » or « Reste à payer : … »), `data-testid` `<prefix>-<key>`. */
  note?: { key: string; text: string };
  rows?: { key: string; label: string; value: string }[];
}

const LOOK = {
  valide: { box: 'attestation-valide', icon: 'pi-check-circle' },
  annulee: { box: 'attestation-annulee', icon: 'pi-times-circle' },
  introuvable: { box: 'attestation-inconnue', icon: 'pi-question-circle' },
} as const;

/**
 * The one public check page (no sign-in, no component library: it is opened on phones from a QR
 * code): the housing certificate's (/attestation/{code}, docs/assignment.md) and a receipt's
 * (/recu/{reference}, docs/rent.md#receipts). It asks `check` once (again on a network fault or a
 * 5xx, never on a 4xx), then shows the verdict `verdict` makes of the answer (`null`: not found) in
 * its box, with its facts (`data-testid` `<prefix>-<key>`), and `footer` (the code or reference asked).
 */
export function PublicCheck<T>({
  prefix,
  title,
  footer,
  queryKey,
  check,
  verdict,
}: {
  /** `attestation`, `recu`: the ids of the title, the verdict and its facts. */
  prefix: string;
  title: string;
  footer: string;
  queryKey: readonly unknown[];
  check: (signal: AbortSignal) => Promise<T | null>;
  verdict: (found: T | null) => CheckVerdict;
}) {
  useDocumentTitle(title);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => check(signal),
    retry: (count, error) =>
      !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    staleTime: 0,
  });

  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = (
      <div className="attestation-verdict attestation-erreur" role="alert">
        <p>{errorMessage(query.error)}</p>
        <button type="button" className="p-button p-component" onClick={() => void query.refetch()}>
          <i className="pi pi-refresh" aria-hidden="true" />
          <span>{messages.reessayer}</span>
        </button>
      </div>
    );
  else {
    const v = verdict(query.data);
    body = (
      <div
        className={`attestation-verdict ${LOOK[v.etat].box}`}
        data-testid={`${prefix}-verdict`}
        data-etat={v.etat}
      >
        <h2>
          <i className={`pi ${LOOK[v.etat].icon}`} aria-hidden="true" /> {v.title}
        </h2>
        {v.text && <p>{v.text}</p>}
        {v.note && (
          <p className="attestation-note" data-testid={`${prefix}-${v.note.key}`}>
            {v.note.text}
          </p>
        )}
        {v.rows && (
          <dl>
            {v.rows.map((r) => (
              <div key={r.key}>
                <dt>{r.label}</dt>
                <dd data-testid={`${prefix}-${r.key}`}>{r.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    );
  }

  return (
    <section className="card attestation-page" aria-labelledby={`${prefix}-titre`}>
      <h1 id={`${prefix}-titre`}>{title}</h1>
      {body}
      <p className="attestation-code">{footer}</p>
    </section>
  );
}
