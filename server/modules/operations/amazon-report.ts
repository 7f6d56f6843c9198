/**
 * The 'amazon.report' operation kind: a report requested with Reports v2021-06-30 createReport,
 * followed by getReport until Amazon has made it. DONE is SUCCESS (the workflow then reads the
 * document); FATAL is FAILED with the text of the error document Amazon leaves. CANCELLED is
 * SUCCESS with a warning: Amazon cancels a report on its own when the period has no data, and
 * Dockside cancels none of the reports it follows, so for a scheduled pull it means "nothing to
 * import", not a failure (this API version does not tell the two apart).
 */
import type { Deps } from '../../context.js';
import type { StoreRecord } from '../stores/service.js';
import { amazonClientFor } from '../stores/amazon.js';
import type { OperationState } from './kinds.js';

export async function askAmazonReport(deps: Deps, store: StoreRecord, reportId: string): Promise<OperationState> {
  const reports = (await amazonClientFor(deps, store)).reports;
  const report = await reports.getReport(reportId);
  const operation = report.reportType;
  switch (report.processingStatus) {
    case 'IN_QUEUE':
    case 'IN_PROGRESS':
      return { operation, status: 'IN_PROGRESS', problems: [] };
    case 'DONE':
      return { operation, status: 'SUCCESS', problems: [] };
    case 'CANCELLED':
      return {
        operation,
        status: 'SUCCESS',
        problems: [
          {
            code: 'CANCELLED',
            message: `No data to import: ${await reports.endingOf(report)}`,
            severity: 'WARNING',
            details: `Report ${report.reportId} (${report.reportType})`,
          },
        ],
      };
    case 'FATAL':
      return {
        operation,
        status: 'FAILED',
        problems: [
          {
            code: report.processingStatus,
            message: await reports.endingOf(report),
            severity: 'ERROR',
            details: `Report ${report.reportId} (${report.reportType})`,
          },
        ],
      };
  }
}
