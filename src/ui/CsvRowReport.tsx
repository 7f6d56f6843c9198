/**
 * The row report of an all-or-nothing CSV upload (purchase orders, orders, returns): nothing was
 * stored, and here is every problem by the spreadsheet's row number (or the whole file), in the
 * words of the feature's own issue texts.
 */
export interface CsvReportIssue {
  row: number | null;
  column: string | null;
  code: string;
  value?: string;
  params?: Record<string, string | number>;
}

export interface CsvReportWords {
  title: string;
  nothingStored: string;
  row: string;
  problem: string;
  wholeFile: string;
  issue: (issue: CsvReportIssue) => string;
}

export function CsvRowReport({
  testId,
  className,
  issues,
  messages = [],
  words,
}: {
  testId: string;
  className?: string;
  issues: CsvReportIssue[];
  /** The server's messages when it sent no issues (a file-level refusal). */
  messages?: string[];
  words: CsvReportWords;
}) {
  return (
    <section className={className} role="alert" data-testid={testId}>
      <h2>{words.title}</h2>
      <p className="muted">{words.nothingStored}</p>
      {messages.map((m, i) => (
        <p key={i} className="form-error">
          {m}
        </p>
      ))}
      {issues.length > 0 && (
        <table className="report">
          <thead>
            <tr>
              <th>{words.row}</th>
              <th>{words.problem}</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue, i) => (
              <tr key={i} data-code={issue.code}>
                <td>{issue.row ?? words.wholeFile}</td>
                <td>{words.issue(issue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The issue's i18n parameters: its column, value and own params. */
export const issueParams = (issue: CsvReportIssue) => ({
  column: issue.column ?? '',
  value: issue.value ?? '',
  ...issue.params,
});
