/**
 * Amazon at work on the plan: the operation is followed every ~2 s (GET …/operations/{id}) with
 * how long it has run, how often Dockside checked and when last — it never sits as a bare spinner.
 * When it ends the plan is read again (the server has moved it on, or journalled Amazon's problems).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { marketplaceOperationSchema } from '../../../domain/schemas/orders';
import { getAs } from '../../api/typed';
import { failureText, keys, operationPath } from './api';
import { formatElapsed } from './words';
import { formatTime } from '../../../domain/format';

const FOLLOW_MS = 2_000;
const TICK_MS = 1_000;

export function OperationWatch({
  planId,
  companyId,
  storeId,
  operationId,
  operation,
}: {
  planId: number;
  companyId: number;
  storeId: number;
  operationId: string;
  operation: string | null;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const op = useQuery({
    queryKey: keys.operation(storeId, operationId),
    queryFn: () =>
      getAs(operationPath(storeId, operationId), marketplaceOperationSchema, { quiet: true, background: true }),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'IN_PROGRESS' ? false : FOLLOW_MS),
    // A missed answer is asked again at the next beat, not retried in a burst.
    retry: false,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const status = op.data?.status;
  const ended = useRef(false);
  useEffect(() => {
    if (!status || status === 'IN_PROGRESS' || ended.current) return;
    ended.current = true;
    void qc.invalidateQueries({ queryKey: keys.plan(planId) });
    void qc.invalidateQueries({ queryKey: keys.precheck(planId) });
    void qc.invalidateQueries({ queryKey: [keys.availableGrid(companyId)] });
  }, [status, qc, planId, companyId]);

  const when = (iso: string) => formatTime(i18n.language, iso, { seconds: true });
  const name = operation ?? op.data?.operation ?? t('fba.operationUnnamed');
  return (
    <section
      className="notice"
      role="status"
      aria-live="polite"
      data-testid="fba-operation"
      data-state={status ?? 'unknown'}
    >
      <strong>{t(`fba.operationStates.${status ?? 'IN_PROGRESS'}`, { operation: name })}</strong>{' '}
      {op.data && (
        <span className="muted" data-testid="fba-operation-elapsed">
          {t('fba.operationFacts', {
            elapsed: formatElapsed(op.data.startedAt, op.data.finishedAt ? Date.parse(op.data.finishedAt) : now),
            checks: op.data.checks,
            last: op.data.lastCheckedAt ? when(op.data.lastCheckedAt) : '–',
          })}
        </span>
      )}
      {op.isPending && <span className="muted">{t('fba.operationAsking')}</span>}
      {op.isError && (
        <span className="form-error"> {t('fba.operationUnreadable', { error: failureText(op.error) })}</span>
      )}
      {op.data && op.data.problems.length > 0 && (
        <ul data-testid="fba-operation-problems">
          {op.data.problems.map((p, n) => (
            <li key={n}>
              {p.message} <span className="muted">({p.code})</span>
            </li>
          ))}
        </ul>
      )}
      <br />
      <small className="muted">
        <code>{operationId}</code>
      </small>
    </section>
  );
}
