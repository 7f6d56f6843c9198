/**
 * The plan's journal: who did what and when, what was asked of Amazon and what it answered (the
 * request and response JSON open on demand), newest first — so support can see why a plan is
 * where it is.
 */
import { useTranslation } from 'react-i18next';
import type { PlanEvent } from '../../../domain/schemas/fba';
import { localiseMoments } from './journal-words';
import { eventKindKey } from './words';
import { formatDateTime } from '../../../domain/format';

const hasBody = (v: unknown) => v !== null && v !== undefined;
const TONE: Partial<Record<PlanEvent['kind'], string>> = {
  'amazon.refused': 'danger',
  'amazon.failed': 'danger',
  'amazon.done': 'ok',
  cancelled: 'warn',
};

export function JournalPanel({ events }: { events: PlanEvent[] }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatDateTime(i18n.language, iso, { seconds: true });
  const newest = [...events].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <section className="card" aria-labelledby="fba-journal-head" data-testid="fba-journal">
      <h2 id="fba-journal-head">{t('fba.journal.title', { count: events.length })}</h2>
      {newest.length === 0 ? (
        <p className="muted">{t('fba.journal.empty')}</p>
      ) : (
        <ol className="plain-list">
          {newest.map((e) => (
            <li key={e.id} data-testid="fba-event" data-kind={e.kind}>
              <div>
                <span className={`pill ${TONE[e.kind] ?? ''}`}>{t(eventKindKey(e.kind))}</span>{' '}
                <span className="muted">
                  {when(e.at)} · {e.username ?? t('fba.journal.system')}
                </span>
              </div>
              <p data-testid="fba-event-message">{localiseMoments(e.message, i18n.language)}</p>
              {(hasBody(e.request) || hasBody(e.response)) && (
                <details>
                  <summary>{t('fba.journal.details')}</summary>
                  {hasBody(e.request) && (
                    <>
                      <h3>{t('fba.journal.request')}</h3>
                      <pre className="schema">{JSON.stringify(e.request, null, 2)}</pre>
                    </>
                  )}
                  {hasBody(e.response) && (
                    <>
                      <h3>{t('fba.journal.response')}</h3>
                      <pre className="schema">{JSON.stringify(e.response, null, 2)}</pre>
                    </>
                  )}
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
