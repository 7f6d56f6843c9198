/**
 * The desk's editable lists (plans, plan types, cost groups, prep materials, locations, WFS
 * templates) share one way of working: a row's name opens its form above the grid, "Add" opens an
 * empty one, and saving or deleting closes the form and reloads the lists the change shows in.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';

export type Editing<Row> = Row | 'new' | null;

/**
 * The row whose form is open (a new one, or none). `done` closes the form and reloads the queries
 * named (the grid's and any list the rows feed elsewhere); `reload` only reloads them.
 */
export function useEditing<Row>(...queryKeys: string[]) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const edit = (row: Editing<Row>) => setEditing(() => row);
  const reload = () => {
    for (const key of queryKeys) void qc.invalidateQueries({ queryKey: [key] });
  };
  const done = () => {
    setEditing(null);
    reload();
  };
  return { editing, edit, done, reload };
}

/** A column whose cell is the row's name (or code), a link-styled button opening its form. */
export function openColumn<Row>(
  key: keyof Row & string,
  header: string,
  open: (row: Row) => void,
): ColumnDef<Row, unknown> {
  return {
    accessorKey: key,
    header,
    enableSorting: false,
    cell: ({ row: { original: r } }) => (
      <button type="button" className="btn link" onClick={() => open(r)}>
        {String(r[key])}
      </button>
    ),
  };
}

/** The open form, keyed by its row, so each row (and a new one) starts from its own values. */
export function EditingForm<Row extends { id: number }>({
  editing,
  children,
}: {
  editing: Editing<Row>;
  children: (row: Row | null) => ReactNode;
}) {
  if (!editing) return null;
  return (
    <EditingSlot key={editing === 'new' ? 'new' : editing.id}>
      {children(editing === 'new' ? null : editing)}
    </EditingSlot>
  );
}

const EditingSlot = ({ children }: { children: ReactNode }) => <>{children}</>;
