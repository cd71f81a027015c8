import { Fragment, type ReactNode } from 'react';
import { agree } from '../../domain/messages';

/**
 * A code read and copied whole: a dossier's reference, an INE, a draw's seed. It goes to the next
 * line rather than breaking at its hyphens ('KDG-2026-' then '000070'), and breaks only when wider
 * than its box (styles.css, `.code`).
 */
export function Code({ children }: { children: ReactNode }) {
  return <span className="code">{children}</span>;
}

/**
 * `fill` for a text shown with elements in it: each `{name}` replaced by its value, which may be
 * an element (`<Code>`). It reads as `fill`'s text does.
 */
export function fillNodes(text: string, values: Record<string, ReactNode>): ReactNode {
  return agree(text, values)
    .split(/\{(\w+)\}/)
    .map((part, i) =>
      i % 2 === 0 ? part : <Fragment key={i}>{part in values ? values[part] : `{${part}}`}</Fragment>,
    );
}

/**
 * A sentence written by the server (the journal's detail) with its codes kept whole: each run of
 * letters and digits joined by hyphens, dots or underscores, with a digit in it ('2026-2027', a
 * user name 'mots-huzj0', a file 'registre-2026.csv'), shown as a `Code`. Codes without a digit
 * ('Kossodo-Nord') are words and stay as they are.
 */
export function withCodes(text: string): ReactNode {
  const parts = text.split(/([\p{L}\p{N}]+(?:[-._][\p{L}\p{N}]+)+)/u);
  if (!parts.some((part, i) => i % 2 === 1 && /\d/.test(part))) return text;
  // One element: in a phone's card (a flex row) the sentence stays one item beside its title.
  return (
    <span>
      {parts.map((part, i) =>
        i % 2 === 1 && /\d/.test(part) ? <Code key={i}>{part}</Code> : <Fragment key={i}>{part}</Fragment>,
      )}
    </span>
  );
}
