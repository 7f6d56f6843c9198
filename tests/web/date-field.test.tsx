// @vitest-environment jsdom
/**
 * DateField and MonthField (src/ui/DateField.tsx): the day in the app's language (not the
 * browser's), typed in its order or as ISO, refused in place when no day or out of range, picked
 * from a calendar with the keyboard or the pointer; the form sees 'YYYY-MM-DD' / 'YYYY-MM'.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../src/app/i18n';
import { DateField, DateTimeField, MonthField } from '../../src/ui/DateField';

beforeAll(() => {
  initI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

function Day({
  initial = '',
  onChange = vi.fn(),
  min,
  max,
}: {
  initial?: string;
  onChange?: (v: string) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form data-testid="form">
      <label>
        Day
        <DateField
          name="day"
          value={value}
          min={min}
          max={max}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      </label>
      <output data-testid="value">{value}</output>
    </form>
  );
}
const field = () => screen.getByRole('textbox', { name: /Day/ }) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('DateField', () => {
  it('shows and takes the day in German order', async () => {
    await act(() => setLanguage('de'));
    const onChange = vi.fn();
    render(<Day initial="2026-11-29" onChange={onChange} />);
    expect(field().value).toBe('29.11.2026');
    fireEvent.change(field(), { target: { value: '' } });
    expect(field().placeholder).toBe('TT.MM.JJJJ');
    fireEvent.change(field(), { target: { value: '1.2.2026' } });
    expect(value()).toBe('2026-02-01');
    fireEvent.blur(field());
    expect(field().value).toBe('01.02.2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-01');
  });

  it('reads the English order and an ISO day in any language', async () => {
    render(<Day />);
    expect(field().placeholder).toBe('MM/DD/YYYY');
    fireEvent.change(field(), { target: { value: '11/29/2026' } });
    expect(value()).toBe('2026-11-29');
    await act(() => setLanguage('fr'));
    expect(field().value).toBe('29/11/2026');
    fireEvent.change(field(), { target: { value: '2026-12-24' } });
    expect(value()).toBe('2026-12-24');
    fireEvent.blur(field());
    expect(field().value).toBe('24/12/2026');
  });

  it('takes a two-digit year when the field is left', async () => {
    await act(() => setLanguage('pt'));
    render(<Day />);
    fireEvent.change(field(), { target: { value: '29/11/26' } });
    expect(value()).toBe('');
    fireEvent.blur(field());
    expect(value()).toBe('2026-11-29');
    expect(field().value).toBe('29/11/2026');
  });

  it('refuses in place what is no day, and the form does not submit', () => {
    render(<Day initial="2026-11-29" />);
    fireEvent.change(field(), { target: { value: '02/31/2026' } });
    expect(value()).toBe('');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().validity.customError).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/^Enter a date like \d\d\/\d\d\/\d{4}$/);
    expect((screen.getByTestId('form') as HTMLFormElement).checkValidity()).toBe(false);
    fireEvent.change(field(), { target: { value: '' } });
    expect(field().validity.customError).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a day outside min and max', async () => {
    await act(() => setLanguage('de'));
    render(<Day min="2026-11-01" max="2026-11-30" />);
    fireEvent.change(field(), { target: { value: '01.12.2026' } });
    expect(screen.getByRole('alert').textContent).toBe('Spätestens 30.11.2026 wählen');
    fireEvent.change(field(), { target: { value: '31.10.2026' } });
    expect(screen.getByRole('alert').textContent).toBe('Frühestens 01.11.2026 wählen');
    expect(field().validity.customError).toBe(true);
  });

  it('follows a value the form sets (a reset)', () => {
    function Resettable() {
      const [v, setV] = useState('2026-11-29');
      return (
        <>
          <DateField aria-label="Day" value={v} onChange={setV} />
          <button type="button" onClick={() => setV('')}>
            Reset
          </button>
        </>
      );
    }
    render(<Resettable />);
    expect(field().value).toBe('11/29/2026');
    fireEvent.click(screen.getByText('Reset'));
    expect(field().value).toBe('');
  });

  it('picks a day from the calendar with the keyboard', async () => {
    render(<Day initial="2026-11-29" />);
    const button = screen.getByRole('button', { name: 'Choose a date' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Choose a date' });
    expect(dialog).toBeTruthy();
    // The calendar opens on the chosen day, focused; the arrows move by a day.
    const focused = document.activeElement as HTMLElement;
    expect(focused.closest('[data-day]')?.getAttribute('data-day')).toBe('2026-11-29');
    fireEvent.keyDown(focused, { key: 'ArrowRight' });
    const next = document.activeElement as HTMLElement;
    expect(next.closest('[data-day]')?.getAttribute('data-day')).toBe('2026-11-30');
    fireEvent.click(next);
    expect(value()).toBe('2026-11-30');
    expect(field().value).toBe('11/30/2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field());
  });

  it('closes the calendar on Escape, back on its button', () => {
    render(<Day />);
    const button = screen.getByRole('button', { name: 'Choose a date' });
    fireEvent.click(button);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('names the calendar in the language', async () => {
    await act(() => setLanguage('de'));
    render(<Day initial="2026-11-29" />);
    fireEvent.click(screen.getByRole('button', { name: 'Datum wählen' }));
    expect(screen.getByRole('dialog').textContent).toMatch(/Nov/);
    expect(screen.getByRole('grid').textContent).toMatch(/Mo/);
  });
});

function Month({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MonthField aria-label="Month" name="month" value={value} onChange={setValue} max="2027-02" />
      <output data-testid="value">{value}</output>
    </>
  );
}
const monthField = () => screen.getByRole('textbox', { name: 'Month' }) as HTMLInputElement;

describe('MonthField', () => {
  it('shows and takes months in the language', async () => {
    await act(() => setLanguage('de'));
    render(<Month initial="2026-11" />);
    expect(monthField().value).toBe('11.2026');
    fireEvent.change(monthField(), { target: { value: 'März 2026' } });
    expect(value()).toBe('2026-03');
    fireEvent.blur(monthField());
    expect(monthField().value).toBe('03.2026');
    fireEvent.change(monthField(), { target: { value: '2026-07' } });
    expect(value()).toBe('2026-07');
    fireEvent.change(monthField(), { target: { value: '05.2027' } });
    expect(screen.getByRole('alert').textContent).toBe('Spätestens Februar 2027 wählen');
  });

  it('picks a month from the year, by keyboard', () => {
    render(<Month initial="2026-11" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a month' }));
    const current = document.activeElement as HTMLElement;
    expect(current.getAttribute('aria-label')).toBe('November 2026');
    expect(current.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(current, { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toBe('February 2027');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    // March 2027 is after the max: it cannot be picked.
    expect((screen.getByRole('button', { name: 'March 2027' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'January 2027' }));
    expect(value()).toBe('2027-01');
    expect(monthField().value).toBe('01/2027');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

function DayTime({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField aria-label="As of" name="asOf" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DateTimeField', () => {
  it('shows the day and the time in the language and gives a datetime-local value', async () => {
    await act(() => setLanguage('de'));
    render(<DayTime initial="2026-11-29T19:28" />);
    const day = screen.getByRole('textbox', { name: 'As of' }) as HTMLInputElement;
    const time = screen.getByRole('textbox', { name: 'Uhrzeit' }) as HTMLInputElement;
    expect(day.value).toBe('29.11.2026');
    expect(time.value).toBe('19:28');
    fireEvent.change(time, { target: { value: '7:05 pm' } });
    expect(value()).toBe('2026-11-29T19:05');
    fireEvent.blur(time);
    expect(time.value).toBe('19:05');
    fireEvent.change(day, { target: { value: '30.11.2026' } });
    expect(value()).toBe('2026-11-30T19:05');
    fireEvent.change(time, { target: { value: '25:00' } });
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(time.validity.customError).toBe(true);
    fireEvent.change(day, { target: { value: '' } });
    expect(value()).toBe('');
  });

  it('writes the time in English with AM/PM', () => {
    render(<DayTime initial="2026-11-29T07:05" />);
    expect((screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement).value.replace(/\u202f/g, ' ')).toBe(
      '7:05 AM',
    );
  });
});
