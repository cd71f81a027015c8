import '../auth/auth.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { phoneMessages } from '../../../domain/messages-phone';
import { normalisePhone, phoneForDisplay } from '../../../domain/phone';
import { CodeField, CodeSent, codeError, useFocusRequest } from '../../components/CodeEntry';
import { errorId, FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Loading } from '../../components/Loading';
import { ApiError, errorMessage } from '../../lib/api';
import { fill } from '../../lib/format';
import { useDocumentTitle } from '../../lib/title';
import { useToast, WORKFLOW_LIFE } from '../../lib/toast';
import { askPhoneCode, confirmPhoneCode, fetchMyPhone, phoneKeys, removePhone } from './api';
import { phoneLine } from './phoneLine';

type Field = 'telephone' | 'code';
type Errors = Partial<Record<Field, string>>;

/**
 * /profil/telephone (the student's profile menu; docs/accounts.md#the-students-phone): the number
 * its SMS go to (the registry's until it verifies another), a new number that gets a code by SMS,
 * then the code typed back (6 digits, 15 minutes, 5 tries), and the way back to the registry's
 * number. Each error under its field, tied to it and announced; the first wrong field focused.
 */
export default function PhonePage() {
  useDocumentTitle(messages.telephoneTitre);
  const toast = useToast();
  const queryClient = useQueryClient();
  const phone = useQuery({ queryKey: phoneKeys.mine, queryFn: ({ signal }) => fetchMyPhone(signal) });
  const [values, setValues] = useState<Record<Field, string>>({ telephone: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<{ message: string; telephone: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeFocus = useFocusRequest<HTMLInputElement>();

  // A code already on its way (the page opened again): straight to the code.
  const pending = sent?.telephone ?? phone.data?.verificationEnCours ?? null;

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
  };
  const show = (found: Errors) => {
    setErrors(found);
    const first = (['telephone', 'code'] as Field[]).find((f) => found[f]);
    if (first) document.getElementById(first)?.focus();
  };
  const refused = (err: unknown) => {
    const fields = err instanceof ApiError ? (err.fieldErrors() as Errors) : {};
    if (Object.keys(fields).length > 0) show(fields);
    else setFailure(errorMessage(err));
  };

  async function ask(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!values.telephone.trim()) found.telephone = messages.champObligatoire;
    else if (!normalisePhone(values.telephone)) found.telephone = messages.telephoneNonValide;
    show(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await askPhoneCode({ telephone: values.telephone.trim() });
      setSent(answer);
      setValues((v) => ({ ...v, code: '' }));
      codeFocus.request();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    const wrong = codeError(values.code);
    if (wrong) found.code = wrong;
    show(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await confirmPhoneCode({ code: values.code.trim() });
      toast.success(answer.message, undefined, WORKFLOW_LIFE);
      setSent(null);
      setValues({ telephone: '', code: '' });
      await queryClient.invalidateQueries({ queryKey: phoneKeys.mine });
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  async function backToRegistry() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await removePhone();
      queryClient.setQueryData(phoneKeys.mine, answer);
      setSent(null);
      toast.success(answer.message, undefined, WORKFLOW_LIFE);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card narrow">
      <h1>{messages.telephoneTitre}</h1>
      {phone.isPending ? (
        <Loading />
      ) : phone.isError ? (
        <LoadFailure error={phone.error} onRetry={() => void phone.refetch()} />
      ) : (
        <>
          <p>{phoneMessages.telephoneIntro}</p>
          <p className="forgot-sent" data-testid="telephone-actuel" data-source={phone.data.source ?? ''}>
            <strong>{phoneLine(phone.data)}</strong>
          </p>
          {phone.data.source === 'VERIFIE' && phone.data.telephoneRegistre && (
            <p className="form-aside">
              <button
                type="button"
                className="link-button"
                onClick={() => void backToRegistry()}
                disabled={busy}
              >
                {phoneMessages.telephoneRetirer}
              </button>
            </p>
          )}
          <form className="forgot-step" onSubmit={ask} noValidate aria-labelledby="etape-numero">
            <h2 id="etape-numero">{phoneMessages.telephoneChanger}</h2>
            <FormField
              id="telephone"
              label={phoneMessages.champTelephone}
              required
              error={errors.telephone}
              hint={phoneMessages.telephoneAide}
            >
              <input
                id="telephone"
                name="telephone"
                type="tel"
                className={`p-inputtext p-component${errors.telephone ? ' p-invalid' : ''}`}
                inputMode="tel"
                autoComplete="tel"
                value={values.telephone}
                onChange={set('telephone')}
                aria-invalid={Boolean(errors.telephone) || undefined}
                aria-describedby={errors.telephone ? errorId('telephone') : 'telephone-aide'}
              />
            </FormField>
            <button type="submit" className="p-button p-component btn-block" disabled={busy}>
              <i className={busy && !pending ? 'pi pi-spin pi-spinner' : 'pi pi-send'} aria-hidden="true" />
              <span>{pending ? messages.demanderNouveauCode : phoneMessages.envoyerCodeTelephone}</span>
            </button>
            <CodeSent message={sent?.message} />
          </form>
          {pending && (
            <form className="forgot-step" onSubmit={confirm} noValidate aria-labelledby="etape-code">
              <h2 id="etape-code">{phoneMessages.verifierTelephone}</h2>
              <p>{fill(phoneMessages.codeTelephoneEtape, { telephone: phoneForDisplay(pending) })}</p>
              <CodeField
                inputRef={codeFocus.ref}
                value={values.code}
                onChange={set('code')}
                error={errors.code}
                hint={phoneMessages.codeTelephoneAide}
              />
              <button type="submit" className="p-button p-component btn-block" disabled={busy}>
                <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-check'} aria-hidden="true" />
                <span>{phoneMessages.verifierTelephone}</span>
              </button>
            </form>
          )}
        </>
      )}
      {failure && (
        <p className="error-text" role="alert" data-testid="erreur-telephone">
          {failure}
        </p>
      )}
    </section>
  );
}
