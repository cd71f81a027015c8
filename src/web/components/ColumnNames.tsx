import { Fragment } from 'react';

/**
 * The columns a file must have, as one line to copy (`ine;nomEtudiant;…`): on a narrow screen it
 * wraps after a semicolon (`<wbr>`, which copies as nothing), never inside a column's name.
 */
export function ColumnNames({ columns }: { columns: readonly string[] }) {
  return (
    <code>
      {columns.map((c, i) => (
        <Fragment key={c}>
          {i > 0 && (
            <>
              ;<wbr />
            </>
          )}
          {c}
        </Fragment>
      ))}
    </code>
  );
}
