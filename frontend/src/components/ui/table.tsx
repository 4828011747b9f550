import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
  /** The cell that names the row becomes its row header. */
  rowHeader?: boolean;
}

export interface TableProps<Row> {
  caption: ReactNode;
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** Visually hide the caption (it still names the table for screen readers). */
  hideCaption?: boolean;
  empty?: ReactNode;
  className?: string;
  /** A wide table that may scroll sideways on small screens: its scroll area becomes keyboard-focusable. */
  scrollLabel?: string;
}

/** A data table that scrolls sideways on narrow screens instead of breaking the layout. */
export function Table<Row>({ caption, columns, rows, rowKey, hideCaption, empty, className, scrollLabel }: TableProps<Row>) {
  return (
    <div className="table-scroll" {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}>
      <table className={`table${className ? ` ${className}` : ''}`}>
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.key} scope="row" className={c.numeric ? 'num' : undefined}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={c.numeric ? 'num' : undefined}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
