import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { saveListFile, type ListExtra, type ListPath, type ListRequest } from '../../lib/client';
import { useToast } from '../../lib/toast';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

/**
 * The one export button of the lists: downloads the list as shown (search, filters, sort and extra
 * parameters, every page) in the given format, with a spinner while busy, then 'Export réussi' or
 * the server's message.
 */
export function ExportButton<P extends ListPath>(props: {
  /** The list to export (`useServerList`'s answer: its path and `exportParams`). */
  list: { path: P; exportParams: ListRequest<ListExtra<P>> };
  /** File name when the server gives none (`Content-Disposition` wins). */
  fileName: string;
  format?: ExportFormat;
  /** Button text (default 'Exporter'). */
  label?: string;
}) {
  const { list, fileName, format = 'csv', label = messages.exporter } = props;
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      await saveListFile(list.path, { ...list.exportParams, format }, fileName);
      toast.success(messages.exportReussi);
    } catch (err) {
      toast.failure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="p-button p-component p-button-help" disabled={busy} onClick={run}>
      <i className={busy ? 'pi pi-spin pi-spinner' : 'pi pi-download'} aria-hidden="true" />
      <span>{label}</span>
    </button>
  );
}

const FORMAT_LABEL: Record<ExportFormat, string> = {
  csv: messages.exporterCsv,
  xlsx: messages.exporterExcel,
  pdf: messages.exporterPdf,
};

/**
 * A list's export buttons side by side, one a format, each labelled with its format (« Exporter en
 * Excel »…): the files are named `<name>.<format>` unless the server names them.
 */
export function ExportButtons<P extends ListPath>(props: {
  list: { path: P; exportParams: ListRequest<ListExtra<P>> };
  /** The file name without its extension. */
  name: string;
  formats: readonly ExportFormat[];
}) {
  return (
    <>
      {props.formats.map((f) => (
        <ExportButton
          key={f}
          list={props.list}
          fileName={`${props.name}.${f}`}
          format={f}
          label={FORMAT_LABEL[f]}
        />
      ))}
    </>
  );
}
