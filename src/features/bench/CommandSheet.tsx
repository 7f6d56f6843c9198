/**
 * The command sheet on the bench (opened from the scan line): NEW BOX, CLOSE BOX and UNDO as
 * Code 128 barcodes with their names and what they do, and Print — the sheet alone, to tape to
 * the bench. The barcodes on screen scan too.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BENCH_COMMANDS, type BenchCommand } from '../../../domain/rules/bench';
import { commandBarcodeSvg, printSheet, SHEET_COMMANDS, sheetHtml, svgDataUrl, type SheetEntry } from './command-sheet';

export default function CommandSheet({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [svgs, setSvgs] = useState<Partial<Record<BenchCommand, string>> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all(SHEET_COMMANDS.map(async (c) => [c, await commandBarcodeSvg(BENCH_COMMANDS[c])] as const))
      .then((list) => live && setSvgs(Object.fromEntries(list)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const entries = SHEET_COMMANDS.map((command) => ({
    command,
    code: BENCH_COMMANDS[command],
    name: t(`bench.commands.${command}.name`),
    help: t(`bench.commands.${command}.help`),
    svg: svgs?.[command] ?? '',
  }));
  const print = () =>
    printSheet(sheetHtml(i18n.language, t('bench.commands.sheetTitle'), t('bench.commands.intro'), entries));

  return (
    <section className="card bench-commands" data-testid="bench-commands">
      <h2>{t('bench.commands.title')}</h2>
      <p className="muted">{t('bench.commands.intro')}</p>
      {failed && (
        <p className="notice" role="alert">
          {t('bench.commands.failed')}
        </p>
      )}
      <ul className="plain-list bench-command-list">
        {entries.map((e: SheetEntry) => (
          <li key={e.command} data-command={e.command}>
            <strong className="bench-command-name">{e.name}</strong>
            {e.svg ? (
              <img src={svgDataUrl(e.svg)} alt={e.code} data-testid="bench-command-barcode" />
            ) : (
              !failed && <span className="muted">{t('app.loading')}</span>
            )}
            <code>{e.code}</code>
            <span className="muted">{e.help}</span>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button
          type="button"
          className="btn primary"
          data-testid="bench-commands-print"
          disabled={!svgs}
          onClick={print}
        >
          {t('bench.commands.print')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('bench.commands.hide')}
        </button>
      </div>
    </section>
  );
}
