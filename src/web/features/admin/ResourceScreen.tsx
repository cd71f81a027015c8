import '../../lib/prime';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { messages } from '../../../domain/messages';
import type { ResourceDef, ResourceRow } from '../../../domain/resources/types';
import { RowAction } from '../../components/list/RowAction';
import { ServerTable } from '../../components/list/ServerTable';
import { listKey, useServerList, type ServerList } from '../../components/list/useServerList';
import { errorMessage } from '../../lib/api';
import type { ListExtra } from '../../lib/client';
import { useDocumentTitle } from '../../lib/title';
import { useToast } from '../../lib/toast';
import { deleteRow, resourcePath, type ResourcePath } from './api';
import { resourceColumns } from './columns';
import type { EnumFilter } from './form';
import { refreshAfterWrite } from './refresh';
import { ResourceDialog } from './ResourceDialog';

/** What the screen's slots read: the list shown (total, loading, export parameters…). */
export type ScreenContext = ServerList<ResourceRow>;

export interface ResourceScreenProps {
  def: ResourceDef;
  /** Title of the screen (default: the definition's). */
  title?: string;
  /** Columns (default: the definition's). */
  columns?: string[];
  /** Rows per page (default: the definition's, else 5). */
  pageSize?: number;
  /** A list without add, edit and delete (the export screen). */
  readOnly?: boolean;
  /** Further list parameters (`username=…` on the users screen). */
  extraParams?: ListExtra<ResourcePath>;
  /** Buttons added to the toolbar, after Ajouter and Rafraîchir. */
  toolbar?: (ctx: ScreenContext) => ReactNode;
  /** Content between the toolbar and the table. */
  aboveTable?: (ctx: ScreenContext) => ReactNode;
  /** Row actions added after edit and delete. */
  rowActions?: (row: ResourceRow) => ReactNode;
  /** Enumeration values offered in the dialog. */
  enumFilter?: EnumFilter;
}

/**
 * The one list screen of the settings area, drawn from a resource definition
 * (src/web/README.md#lists-server-paginated-screens): Ajouter and Rafraîchir, the global search, the server-paginated table
 * (`useServerList` + `ServerTable`), edit and delete per row, the 'Informations …' dialog and the
 * delete confirmation. Every save and delete waits for the server and says how it went, then
 * reloads only the lists it changed (`refreshAfterWrite`).
 */
export function ResourceScreen(props: ResourceScreenProps) {
  const { def, readOnly = false } = props;
  const title = props.title ?? def.title;
  useDocumentTitle(title);
  const names = props.columns ?? def.columns;
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useServerList({
    key: listKey.resource(def.name),
    path: resourcePath(def.name),
    pageSize: props.pageSize ?? def.pageSize ?? 5,
    extra: props.extraParams,
  });
  const columns = useMemo(() => resourceColumns(def, names), [def, names]);

  const [dialog, setDialog] = useState<{ mode: 'create' | 'edit'; row?: ResourceRow; key: number } | null>(
    null,
  );
  const dialogKey = useRef(0);

  function askDelete(row: ResourceRow) {
    confirmDialog({
      header: messages.confirmerTitre,
      message: messages.confirmerSuppression,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: messages.oui,
      rejectLabel: messages.non,
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        try {
          await deleteRow(def, row[def.idField]);
          toast.success();
          await refreshAfterWrite(queryClient, def.name, 'delete');
        } catch (err) {
          toast.failure(errorMessage(err));
        }
      },
    });
  }

  const openDialog = (mode: 'create' | 'edit', row?: ResourceRow) => {
    dialogKey.current += 1;
    setDialog({ mode, row, key: dialogKey.current });
  };

  const rowActions =
    !readOnly || props.rowActions
      ? (row: ResourceRow) => (
          <>
            {!readOnly && (
              <>
                <RowAction
                  label={messages.modifier}
                  icon="pi pi-pencil"
                  onClick={() => openDialog('edit', row)}
                />
                <RowAction
                  label={messages.supprimer}
                  icon="pi pi-trash"
                  severity="danger"
                  onClick={() => askDelete(row)}
                />
              </>
            )}
            {props.rowActions?.(row)}
          </>
        )
      : undefined;

  return (
    <section className="resource-screen">
      <h1>{title}</h1>
      <ServerTable
        list={list}
        columns={columns}
        dataKey={def.idField}
        label={title}
        before={
          !readOnly && (
            <button
              type="button"
              className="p-button p-component p-button-success"
              onClick={() => openDialog('create')}
            >
              <i className="pi pi-plus" aria-hidden="true" />
              <span>{messages.ajouter}</span>
            </button>
          )
        }
        toolbar={props.toolbar?.(list)}
        above={props.aboveTable?.(list)}
        rowActions={rowActions}
      />
      <ConfirmDialog />
      {dialog && (
        <ResourceDialog
          key={dialog.key}
          def={def}
          mode={dialog.mode}
          row={dialog.row}
          enumFilter={props.enumFilter}
          onClose={() => setDialog(null)}
          onSaved={async () => {
            setDialog(null);
            await refreshAfterWrite(queryClient, def.name, 'save');
          }}
        />
      )}
    </section>
  );
}
