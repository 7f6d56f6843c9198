/**
 * The big last-scan panel of a floor screen (dock, item scan, sort, move): coloured by the verdict,
 * the code in large type, what it means, a note, read out to screen readers as it changes. One
 * component, so every scan screen looks and reads the same at arm's length.
 */
import type { ReactNode } from 'react';

export interface ScanVerdictProps {
  /** Colours the panel (`last-scan-<tone>` in theme.css): a verdict, 'error' or 'none'. */
  tone: string;
  testId: string;
  /** State attributes the screen exposes (`data-status`, `data-state`): tests and styles read them. */
  data?: Record<`data-${string}`, string>;
  /** What to do next, shown while there is no scan to show. */
  prompt?: ReactNode;
  /** The scanned code (or the thing scanned); absent → the prompt. */
  code?: ReactNode;
  verdict?: ReactNode;
  verdictTestId?: string;
  note?: ReactNode;
  noteTestId?: string;
  /** Anything below the verdict: actions, an error line. */
  children?: ReactNode;
}

export function ScanVerdict({
  tone,
  testId,
  data,
  prompt,
  code,
  verdict,
  verdictTestId,
  note,
  noteTestId,
  children,
}: ScanVerdictProps) {
  return (
    <section className={`last-scan last-scan-${tone}`} data-testid={testId} {...data} aria-live="assertive">
      {code === undefined ? (
        <div className="last-scan-verdict muted">{prompt}</div>
      ) : (
        <>
          <div className="last-scan-code">{code}</div>
          <div className="last-scan-verdict" data-testid={verdictTestId}>
            {verdict}
          </div>
          {note !== undefined && note !== null && note !== false && note !== '' && (
            <div className="last-scan-note" data-testid={noteTestId}>
              {note}
            </div>
          )}
        </>
      )}
      {children}
    </section>
  );
}
