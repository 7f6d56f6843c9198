/**
 * Packing an order at the bench (issue 20 step 4): scan its picked items into boxes — a wrong item
 * or more than was picked is refused in words by the server — set the order's default box (new
 * boxes start with it) and each box's size and weight. Mounted in the orders desk's detail panel.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boxDimensionsSchema, orderPackSchema, type BoxDimensions } from '../../../domain/schemas/fbm-labels';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { isWarehouseUser } from '../inbound/purchase-orders/clients';

const F = '/api/fbm/web';
const FIELDS = ['lengthIn', 'widthIn', 'heightIn', 'weightLb'] as const;
type DimsForm = Record<(typeof FIELDS)[number], string>;
const formOf = (d: BoxDimensions | null): DimsForm => ({
  lengthIn: d ? String(d.lengthIn) : '',
  widthIn: d ? String(d.widthIn) : '',
  heightIn: d ? String(d.heightIn) : '',
  weightLb: d ? String(d.weightLb) : '',
});

function DimsEditor({
  initial,
  label,
  testId,
  onSave,
}: {
  initial: BoxDimensions | null;
  label: string;
  testId: string;
  onSave: (d: BoxDimensions) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<DimsForm>(formOf(initial));
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = boxDimensionsSchema.safeParse(Object.fromEntries(FIELDS.map((f) => [f, Number(form[f])])));
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => i.message).join('; '));
      return;
    }
    setError(null);
    try {
      await onSave(parsed.data);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    }
  };
  return (
    <form className="form-row" noValidate onSubmit={(e) => void submit(e)} aria-label={label} data-testid={testId}>
      {FIELDS.map((f) => (
        <label key={f}>
          {t(`fbmLabels.pack.${f}`)}
          <input
            inputMode="decimal"
            size={5}
            value={form[f]}
            onChange={(e) => setForm({ ...form, [f]: e.target.value })}
          />
        </label>
      ))}
      <button type="submit" className="btn">
        {t('fbmLabels.pack.save')}
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

export function PackPanel({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const pack = useQuery({
    queryKey: ['fbm-pack', orderId],
    queryFn: () => getAs(`${F}/box/item/reserved/remaining/items/${orderId}`, orderPackSchema, { background: true }),
  });
  const [code, setCode] = useState('');
  const [newBox, setNewBox] = useState(false);
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const p = pack.data;

  const run = async (work: () => Promise<unknown>, okText: string) => {
    try {
      await work();
      setVerdict({ ok: true, text: okText });
      await pack.refetch();
    } catch (err) {
      setVerdict({ ok: false, text: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const scan = async (e: FormEvent) => {
    e.preventDefault();
    const c = code.trim();
    if (!c) return;
    setCode('');
    await run(
      () =>
        postAs(`${F}/box/item/label/${orderId}`, { code: c, newBox: newBox || undefined }, orderPackSchema, {
          quiet: true,
          inlineRefusal: true,
        }),
      t('fbmLabels.pack.packed', { code: c }),
    );
    setNewBox(false);
    input.current?.focus();
  };

  if (pack.isError)
    return (
      <section className="card" role="alert">
        <p className="form-error">{t('fbmLabels.pack.loadError')}</p>
      </section>
    );
  if (!p)
    return (
      <section className="card" aria-busy="true">
        <p className="muted">{t('app.loading')}</p>
      </section>
    );
  return (
    <section className="card" data-testid="pack-panel" aria-label={t('fbmLabels.pack.title')}>
      <h3>{t('fbmLabels.pack.title')}</h3>
      {warehouse && (
        <>
          <form className="form-row" onSubmit={(e) => void scan(e)}>
            <label>
              {t('fbmLabels.pack.scan')}
              <input
                ref={input}
                value={code}
                autoComplete="off"
                onChange={(e) => setCode(e.target.value)}
                data-testid="pack-scan"
              />
            </label>
            <label>
              <input type="checkbox" checked={newBox} onChange={(e) => setNewBox(e.target.checked)} />{' '}
              {t('fbmLabels.pack.newBox')}
            </label>
            <button type="submit" className="btn primary">
              {t('fbmLabels.pack.add')}
            </button>
          </form>
          {verdict && (
            <p className={verdict.ok ? 'muted' : 'form-error'} role={verdict.ok ? 'status' : 'alert'}>
              {verdict.text}
            </p>
          )}
          <h4>{t('fbmLabels.pack.defaultBox')}</h4>
          <DimsEditor
            key={JSON.stringify(p.defaultDimensions)}
            initial={p.defaultDimensions}
            label={t('fbmLabels.pack.defaultBox')}
            testId="pack-default"
            onSave={(d) =>
              run(
                () =>
                  putAs(`${F}/order/${orderId}/default/box/dimensions`, d, orderPackSchema, {
                    quiet: true,
                    inlineRefusal: true,
                  }),
                t('fbmLabels.pack.saved'),
              )
            }
          />
        </>
      )}
      <table className="table">
        <thead>
          <tr>
            <th>{t('fbmLabels.pack.item')}</th>
            <th className="num">{t('fbmLabels.pack.toShip')}</th>
            <th className="num">{t('fbmLabels.pack.packedCol')}</th>
            <th className="num">{t('fbmLabels.pack.remaining')}</th>
          </tr>
        </thead>
        <tbody>
          {p.lines.map((l) => (
            <tr key={l.orderLineId}>
              <td>{l.sku ?? l.title ?? l.productKey ?? '–'}</td>
              <td className="num">{l.toShip}</td>
              <td className="num">{l.packed}</td>
              <td className="num">{l.remaining}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.complete && <p className="muted">{t('fbmLabels.pack.complete')}</p>}
      {p.boxes.length === 0 ? (
        <p className="grid-state empty">{t('fbmLabels.pack.noBoxes')}</p>
      ) : (
        p.boxes.map((b) => (
          <div key={b.id} className="card" data-testid={`pack-box-${b.number}`}>
            <h4>{t('fbmLabels.pack.box', { n: b.number })}</h4>
            <ul>
              {b.items.map((i) => (
                <li key={i.id}>
                  {i.quantity} × {i.title ?? i.productKey}{' '}
                  {warehouse && (
                    <button
                      type="button"
                      className="btn"
                      onClick={() =>
                        void run(
                          () =>
                            delAs(`${F}/box/item/label/${i.id}`, orderPackSchema, { quiet: true, inlineRefusal: true }),
                          t('fbmLabels.pack.removed'),
                        )
                      }
                    >
                      {t('fbmLabels.pack.remove')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {warehouse && (
              <DimsEditor
                key={JSON.stringify(b.dimensions)}
                initial={b.dimensions}
                label={t('fbmLabels.pack.box', { n: b.number })}
                testId={`pack-box-dims-${b.number}`}
                onSave={(d) =>
                  run(
                    () =>
                      putAs(`${F}/box/${b.id}/dimensions`, d, orderPackSchema, { quiet: true, inlineRefusal: true }),
                    t('fbmLabels.pack.saved'),
                  )
                }
              />
            )}
          </div>
        ))
      )}
    </section>
  );
}
