/**
 * The packer's bench for one plan (/apps/outbound/bench/$planId; issue 18 step 3, decision 0010):
 * scan a unit — wedge scanner whatever has focus, camera, or typed — and the screen shows at once
 * the item, its prep in words and prints its FNSKU label when the warehouse labels it; the unit
 * goes into this bench's open box of its packing group (a box is opened when there is none).
 * Boxes are closed with a preset or typed size and a typed or scale weight. All of it through the
 * device's engine: offline too, sent by the outbox, the server's verdict replacing the device's.
 * Command barcodes (NEW BOX, CLOSE BOX, UNDO) do what the buttons do, scanned like a unit; their
 * sheet, to print and tape to the bench, opens from the scan line.
 */
import { Link, useParams } from '@tanstack/react-router';
import { wfsBenchPlanHref } from '../wfs/links';
import { planHref } from '../fba/plan-links';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanForm } from '../../scan/ScanForm';
import { useWedgeScanner } from '../../scan/useWedgeScanner';
import { resetBench, setBench, useBenchLater, useBenchStore } from './bench-store';
import { BoxList } from './BoxList';
import { BoxPanel } from './BoxPanel';
import { CountField } from './CountField';
import { LabelsWaiting } from './LabelsWaiting';
import { LastScanPanel } from './LastScanPanel';
import { LineProgress } from './LineProgress';
import { NewBoxControl } from './NewBoxControl';
import { useBenchView, useProvisionalBoxes, type BenchView } from './queries';
import { loadPresets } from './presets';
import { BENCH_ROOT } from './routes';
import { boxedByLine, currentBoxes, packingGroups } from './scan-plan';
import { useBenchActions } from './use-bench-actions';
import { routeWedge } from './wedge-route';
import './bench.css';

const CameraScanner = lazy(() => import('../../scan/CameraScanner'));
const CommandSheet = lazy(() => import('./CommandSheet'));

export default function BenchPage() {
  const { t } = useTranslation();
  const { planId: raw } = useParams({ strict: false }) as { planId?: string };
  const planId = Number(raw);
  // The scan's memory follows each answer of the replica at once; the screen renders it later.
  const follow = useRef<(v: BenchView | null | undefined) => void>(undefined);
  const view = useBenchView(
    planId,
    useCallback((v: BenchView | null | undefined) => follow.current?.(v), []),
  );
  const actions = useBenchActions(view, planId);
  follow.current = actions.follow;
  const [camera, setCamera] = useState(false);
  const [sheet, setSheet] = useState(false);
  // The box on screen changes after the verdict's frame (a scan re-renders the panel only).
  const activeBoxId = useBenchLater((s) => s.activeBoxId);
  useEffect(() => resetBench(), [planId]);
  // Ask for the box presets while the network is there: closing a box offline uses the cached ones.
  useEffect(() => void loadPresets(), []);

  const atBench = view?.plan.step === 'boxes' && view.plan.status !== 'cancelled';
  // A burst is a scale's reading while the weight field has focus, else a scan.
  useWedgeScanner(
    (burst) => {
      const route = routeWedge(burst, useBenchStore.getState().weightFocused);
      // After the hook has put the field back as it was before the burst.
      if (route.to === 'weight') queueMicrotask(() => setBench({ scaleReading: { lb: route.lb, seq: Date.now() } }));
      else void actions.scan(route.code);
    },
    { enabled: atBench },
  );

  // The tables, tiles and box follow the replica at a lower priority than the scan: a scan's
  // verdict is never kept waiting by a re-render of the plan (React yields to the next key).
  const slow = useDeferredValue(view);
  const lines = useMemo(() => new Map((slow?.lines ?? []).map((l) => [l.id, l])), [slow?.lines]);
  const boxed = useMemo(() => boxedByLine(slow?.items ?? []), [slow?.items]);
  const groups = useMemo(() => packingGroups(slow?.lines ?? []), [slow?.lines]);
  const groupNo = useMemo(() => (groups.length > 1 ? new Map(groups.map((g, i) => [g.key, i + 1])) : null), [groups]);
  const provisional = useProvisionalBoxes((slow?.boxes ?? []).map((b) => b.id));
  // The bench's open box of each group: the server's boxes (any device's), replicated here.
  const mine = useMemo(() => new Set(Object.values(currentBoxes(slow?.boxes ?? []))), [slow?.boxes]);
  // The box on screen: the one last used, else the bench's open box.
  const box =
    slow?.boxes.find((b) => b.id === activeBoxId) ??
    slow?.boxes.find((b) => b.state === 'open' && mine.has(b.id)) ??
    null;

  if (view === undefined) return <p className="muted">{t('app.loading')}</p>;
  if (view === null)
    return (
      <div className="page">
        <h1>{t('bench.title')}</h1>
        <p className="notice" role="alert">
          {Number.isInteger(planId) ? t('bench.notOnDevice', { planId }) : t('bench.badPlan')}
        </p>
        <Link to={BENCH_ROOT} className="btn">
          {t('bench.choosePlan')}
        </Link>
      </div>
    );

  const shown = slow ?? view;
  const planned = shown.lines.reduce((n, l) => n + l.quantity, 0);
  const packed = shown.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <div className="page dock-page bench-page" data-testid="bench" data-plan={view.plan.id}>
      <h1>
        {t('bench.title')} · {view.plan.name} {view.companyName && <span className="muted">{view.companyName}</span>}
      </h1>
      <p>
        {/* The desk's view of the plan (its later steps, journal, labels): the workspace finds the
            plan by its id and puts the client's account in the address itself. */}
        <Link
          to={
            view.plan.channel === 'wfs'
              ? wfsBenchPlanHref(view.plan.id, view.plan.companyId)
              : planHref({ id: view.plan.id, accountNo: '', step: 'boxes' })
          }
          data-testid="bench-open-plan"
        >
          {t('bench.openPlan')}
        </Link>
      </p>
      {!atBench && (
        <p className="notice" role="status" data-testid="bench-left">
          {view.plan.status === 'cancelled'
            ? t('bench.cancelled')
            : t('bench.leftBench', { step: t(`bench.steps.${view.plan.step}`, { defaultValue: view.plan.step }) })}
        </p>
      )}
      <LastScanPanel
        lines={lines}
        onPrint={(line, scanId) => void actions.print(line, scanId, true)}
        onTakeOut={actions.takeOutLast}
      />
      <LabelsWaiting onPrint={() => void actions.printWaiting()} />
      <div className="tiles dock-counts">
        <div className="tile" data-testid="bench-packed">
          <span className="tile-value">
            {packed}/{planned}
          </span>
          <span className="tile-label">{t('bench.unitsBoxed')}</span>
        </div>
        <div className="tile" data-testid="bench-open-boxes">
          <span className="tile-value">{shown.boxes.filter((b) => b.state === 'open').length}</span>
          <span className="tile-label">{t('bench.openBoxes')}</span>
        </div>
        <div className="tile" data-testid="bench-closed-boxes">
          <span className="tile-value">{shown.boxes.filter((b) => b.state === 'closed').length}</span>
          <span className="tile-label">{t('bench.closedBoxes')}</span>
        </div>
      </div>
      <ScanForm
        label={t('bench.code')}
        name="code"
        addLabel={t('bench.add')}
        onScan={(code) => void actions.scan(code)}
        camera={camera}
        onCamera={() => setCamera((c) => !c)}
        disabled={!atBench}
        fields={<CountField />}
      >
        <NewBoxControl
          lines={view.lines}
          activeGroup={box ? box.packingGroupId : undefined}
          disabled={!atBench}
          onNewBox={(group) => void actions.newBox(group)}
        />
        <button
          type="button"
          className="btn"
          data-testid="bench-commands-toggle"
          aria-expanded={sheet}
          onClick={() => setSheet((s) => !s)}
        >
          {t('bench.commands.show')}
        </button>
      </ScanForm>
      {sheet && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CommandSheet onClose={() => setSheet(false)} />
        </Suspense>
      )}
      {camera && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CameraScanner onScan={(code) => void actions.scan(code)} onClose={() => setCamera(false)} />
        </Suspense>
      )}
      <BoxPanel
        view={shown}
        box={box}
        provisional={!!box && provisional.has(box.id)}
        lines={lines}
        onUnscan={actions.unscan}
        onDiscard={actions.discard}
        onReopen={actions.reopen}
        onClose={actions.close}
      />
      <LineProgress lines={shown.lines} boxed={boxed} groupNo={groupNo} />
      <BoxList
        view={shown}
        provisional={provisional}
        mine={mine}
        onPackInto={actions.packInto}
        onReopen={actions.reopen}
      />
    </div>
  );
}
