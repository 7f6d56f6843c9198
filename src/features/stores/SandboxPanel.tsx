/**
 * The local sandboxes, on Company Credentials: each provider's fault rate (the share of calls it
 * throttles or fails on purpose, for demos and drills — set by the installation's operators, since
 * every tenant's sandbox shares it) and a reset of the warehouse's practice rates and labels.
 * Shown only when the server runs its sandboxes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { sandboxFaultSchema, sandboxResetSchema, type SandboxProvider } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { getAs, postAs, putAs } from '../../api/typed';

const KEY = ['sandbox-faults'];
const failure = (err: unknown) => (err instanceof ApiFailure ? err.message : String(err));

export function SandboxPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const faults = useQuery({ queryKey: KEY, queryFn: () => getAs('/api/sandbox/faults', z.array(sandboxFaultSchema)) });
  const [draft, setDraft] = useState<Partial<Record<SandboxProvider, string>>>({});
  const [said, setSaid] = useState<{ ok: boolean; message: string } | null>(null);
  // A server without sandboxes answers 404 here: nothing to show.
  if (faults.isError || faults.isPending) return null;
  const save = async (provider: SandboxProvider) => {
    const percent = Number(draft[provider]);
    if (!Number.isFinite(percent) || percent < 0 || percent > 50)
      return setSaid({ ok: false, message: t('sandbox.rateRange') });
    try {
      await putAs(`/api/sandbox/faults/${provider}`, { rate: percent / 100 }, sandboxFaultSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      setSaid({ ok: true, message: t('sandbox.saved') });
      await qc.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      setSaid({ ok: false, message: failure(err) });
    }
  };
  const resetShipping = async () => {
    try {
      setSaid({
        ok: true,
        message: (await postAs('/api/sandbox/shipping/reset', undefined, sandboxResetSchema, { quiet: true })).message,
      });
    } catch (err) {
      setSaid({ ok: false, message: failure(err) });
    }
  };
  return (
    <section className="card" data-testid="sandbox-panel">
      <h2>{t('sandbox.title')}</h2>
      <p className="muted">{t('sandbox.intro')}</p>
      <table className="table">
        <thead>
          <tr>
            <th>{t('sandbox.provider')}</th>
            <th>{t('sandbox.faultRate')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {faults.data.map((f) => (
            <tr key={f.provider} data-testid={`fault-${f.provider}`}>
              <td>{t(`sandbox.providers.${f.provider}`)}</td>
              <td>
                <input
                  type="number"
                  min={0}
                  max={50}
                  step={5}
                  aria-label={`${t('sandbox.faultRate')} ${t(`sandbox.providers.${f.provider}`)}`}
                  value={draft[f.provider] ?? String(Math.round(f.rate * 100))}
                  onChange={(e) => setDraft({ ...draft, [f.provider]: e.target.value })}
                />{' '}
                %
              </td>
              <td>
                <button
                  type="button"
                  className="btn"
                  disabled={draft[f.provider] === undefined}
                  onClick={() => void save(f.provider)}
                >
                  {t('sandbox.save')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="button-row">
        <button type="button" className="btn" onClick={() => void resetShipping()}>
          {t('sandbox.resetShipping')}
        </button>
      </div>
      {said && (
        <p className={said.ok ? 'notice' : 'form-error'} role="status" data-testid="sandbox-result">
          {said.message}
        </p>
      )}
    </section>
  );
}
