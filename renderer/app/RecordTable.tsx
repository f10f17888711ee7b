// The table of a dialog's records (clean-ups, dismissals, files not read): "Loading…" until the
// engine answered, a sentence when there is nothing, else the header and one row per record.
import type { ReactNode } from 'react';

export interface RecordColumn {
  title: string;
  numeric?: boolean;
  /** Read by screen readers only (a column of buttons needs no visible heading). */
  hidden?: boolean;
}

interface RecordTableProps<T> {
  label: string;
  className?: string;
  records: readonly T[] | null;
  /** Said instead of the table when there are no records; without it an empty table shows. */
  empty?: string;
  columns: readonly RecordColumn[];
  /** One <tr> per record. */
  row(record: T): ReactNode;
}

export function RecordTable<T>({ label, className, records, empty, columns, row }: RecordTableProps<T>) {
  if (records === null) return <p aria-busy="true">Loading…</p>;
  if (records.length === 0 && empty !== undefined) return <p>{empty}</p>;
  return (
    <table className={`file-table${className ? ` ${className}` : ''}`} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.title} scope="col" className={column.numeric ? 'numeric' : undefined}>
              {column.hidden ? <span className="visually-hidden">{column.title}</span> : column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{records.map(row)}</tbody>
    </table>
  );
}
