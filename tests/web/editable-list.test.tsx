// @vitest-environment jsdom
/**
 * The desk's editable lists (src/ui/editable-list): a row's name opens its form, another row's
 * name opens a fresh form with that row's values (not the first row's edits), Add opens an empty
 * one, and done closes the form and reloads every list named.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditingForm, openColumn, useEditing } from '../../src/ui/editable-list';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Bags' },
  { id: 2, name: 'Boxes' },
];

function Form({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const [name, setName] = useState(row?.name ?? '');
  return (
    <form aria-label="form">
      <input aria-label="name" value={name} onChange={(e) => setName(e.target.value)} />
      <button type="button" onClick={onDone}>
        save
      </button>
    </form>
  );
}

function List() {
  const { editing, edit, done } = useEditing<Row>('grid', 'all');
  const column = openColumn<Row>('name', 'Name', edit);
  const cell = column.cell as (ctx: { row: { original: Row } }) => React.ReactNode;
  return (
    <div>
      <button type="button" onClick={() => edit('new')}>
        add
      </button>
      {rows.map((r) => (
        <div key={r.id}>{cell({ row: { original: r } })}</div>
      ))}
      <EditingForm editing={editing}>{(row) => <Form row={row} onDone={done} />}</EditingForm>
    </div>
  );
}

const mount = () => {
  const qc = new QueryClient();
  const invalidated = vi.spyOn(qc, 'invalidateQueries');
  render(
    <QueryClientProvider client={qc}>
      <List />
    </QueryClientProvider>,
  );
  return invalidated;
};
const nameField = () => screen.getByLabelText<HTMLInputElement>('name');

describe('an editable list', () => {
  it('opens a row’s form from its name, and another row’s form fresh, not with the first one’s edits', () => {
    mount();
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bags' }));
    expect(nameField().value).toBe('Bags');
    fireEvent.change(nameField(), { target: { value: 'Bags (edited)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Boxes' }));
    expect(nameField().value).toBe('Boxes');
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(nameField().value).toBe('');
  });

  it('closes the form when done and reloads every list named', () => {
    const invalidated = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Boxes' }));
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['grid'], ['all']]);
  });
});
