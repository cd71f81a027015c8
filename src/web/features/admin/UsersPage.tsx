import '../../lib/prime';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { ETUDIANT } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import { users } from '../../../domain/resources/definitions';
import type { ResourceRow } from '../../../domain/resources/types';
import { errorMessage } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { fill } from '../../lib/format';
import { RowAction } from '../../components/list/RowAction';
import { useToast } from '../../lib/toast';
import { resetPassword } from './api';
import type { EnumFilter } from './form';
import { ResourceScreen } from './ResourceScreen';

/** Staff accounts are created here; a student account comes only from registration (docs/roles.md). */
const staffRolesOnly: EnumFilter = (field, value, initial) =>
  field.name !== 'role' || value !== ETUDIANT || initial.role === ETUDIANT;

/**
 * Utilisateurs (settings, Administration group): the generic screen plus the count of users
 * found, a search by INE or identifier, and a password reset per row (a new password is mailed),
 * but on the admin's own row (the server refuses it: the profile changes one's own password). What
 * the server refuses otherwise (deleting one's own account, the last admin) is told by a toast.
 */
export default function UsersPage() {
  const toast = useToast();
  const me = useUser()?.username.toLowerCase();
  const [text, setText] = useState('');
  const [username, setUsername] = useState('');

  function search(e: FormEvent) {
    e.preventDefault();
    setUsername(text.trim());
  }

  function askReset(row: ResourceRow) {
    confirmDialog({
      header: messages.confirmerTitre,
      message: fill(messages.confirmerReinitialisation, { nom: String(row.userName ?? '') }),
      icon: 'pi pi-key',
      acceptLabel: messages.oui,
      rejectLabel: messages.non,
      defaultFocus: 'reject',
      accept: async () => {
        try {
          const answer = await resetPassword(row.id);
          toast.success(messages.operationReussie, answer?.message ?? messages.motDePasseReinitialise);
        } catch (err) {
          toast.failure(errorMessage(err));
        }
      },
    });
  }

  return (
    <ResourceScreen
      def={users}
      extraParams={username ? { username } : undefined}
      enumFilter={staffRolesOnly}
      aboveTable={({ total, loading }) => (
        <div className="users-search">
          <form onSubmit={search} className="inline-form" role="search">
            <label htmlFor="recherche-utilisateur">{messages.rechercheUtilisateur}</label>
            <span className="inline-form-row">
              <InputText
                id="recherche-utilisateur"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <button type="submit" className="p-button p-component">
                <i className="pi pi-search" aria-hidden="true" />
                <span>{messages.rechercher}</span>
              </button>
            </span>
          </form>
          <p className="count" aria-live="polite" data-testid="nombre-utilisateurs">
            {loading ? messages.chargement : fill(messages.utilisateursTrouves, { n: total })}
          </p>
        </div>
      )}
      rowActions={(row) =>
        String(row.userName ?? '').toLowerCase() === me ? null : (
          <RowAction
            label={messages.reinitialiserMotDePasse}
            icon="pi pi-key"
            severity="warning"
            onClick={() => askReset(row)}
          />
        )
      }
    />
  );
}
