/** A plan's boxes, in box order: contents, size and weight, Amazon's box id once placed, and what Amazon would refuse. */
import { useTranslation } from 'react-i18next';
import type { BoxTree } from '../../../../domain/schemas/bench';
import { formatNumber } from '../../../../domain/format';

export function BoxTreeTable({ tree }: { tree: BoxTree }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(i18n.language, v);
  if (tree.boxes.length === 0)
    return (
      <p className="muted" data-testid="fba-boxes-empty">
        {t('fba.boxes.none')}
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="grid" data-testid="fba-box-tree">
        <thead>
          <tr>
            <th>{t('fba.boxes.box')}</th>
            <th>{t('fba.boxes.state')}</th>
            <th>{t('fba.boxes.contents')}</th>
            <th>{t('fba.boxes.size')}</th>
            <th>{t('fba.boxes.weight')}</th>
            <th>{t('fba.boxes.amazonBoxId')}</th>
            <th>{t('fba.boxes.problems')}</th>
          </tr>
        </thead>
        <tbody>
          {tree.boxes.map((b) => (
            <tr key={b.id} data-testid="fba-box" data-box={b.boxNo} data-state={b.state}>
              <td>
                <strong>{t('fba.boxes.boxNo', { n: b.boxNo })}</strong>
                {b.teamLift && <span className="pill warn">{t('fba.boxes.teamLift')}</span>}
              </td>
              <td>
                <span className={`pill ${b.state === 'closed' ? 'ok' : 'warn'}`}>
                  {t(`fba.boxes.states.${b.state}`)}
                </span>
              </td>
              <td>
                {b.items.length === 0 ? (
                  <span className="muted">{t('fba.boxes.empty')}</span>
                ) : (
                  <ul className="plain-list">
                    {b.items.map((i) => (
                      <li key={i.planItemId}>
                        {i.msku ?? i.fnsku ?? i.title} × {n(i.quantity)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>
                {b.lengthIn && b.widthIn && b.heightIn
                  ? t('fba.boxes.dims', { l: n(b.lengthIn), w: n(b.widthIn), h: n(b.heightIn) })
                  : '–'}
              </td>
              <td>{b.weightLb ? t('fba.packing.lb', { weight: n(b.weightLb) }) : '–'}</td>
              <td>{b.amazonBoxId ? <code>{b.amazonBoxId}</code> : '–'}</td>
              <td>
                {b.problems.length === 0 ? (
                  '–'
                ) : (
                  <ul className="plain-list form-error" data-testid="fba-box-problems">
                    {b.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
