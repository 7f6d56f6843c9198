/**
 * Rules of FBM rate shopping and bulk buying (issue 20 steps 5–6), pure so the screen and the
 * server agree: which quote is cheapest and which fastest, which one a service preset picks, and
 * the purchase key of an order's package — the same key on every retry, crash or double click,
 * a new one only once the earlier label was voided.
 */
import type { ServicePreset } from '../schemas/fbm-labels.js';

export interface Quote {
  totalCents: number;
  deliveryDays: number | null;
  carrierCode: string;
  serviceCode: string;
}

/** Cheapest: the lowest total; fastest: the fewest delivery days (ties: the cheaper). */
export function markQuotes<Q extends Quote>(quotes: Q[]): (Q & { cheapest: boolean; fastest: boolean })[] {
  const sorted = [...quotes].sort((a, b) => a.totalCents - b.totalCents);
  const cheapest = sorted[0];
  const fastest = pickFastest(sorted);
  return sorted.map((q) => ({ ...q, cheapest: q === cheapest, fastest: q === fastest }));
}

function pickFastest<Q extends Quote>(quotes: Q[]): Q | undefined {
  let best: Q | undefined;
  for (const q of quotes) {
    if (q.deliveryDays === null) continue;
    if (
      !best ||
      q.deliveryDays < best.deliveryDays! ||
      (q.deliveryDays === best.deliveryDays && q.totalCents < best.totalCents)
    )
      best = q;
  }
  return best;
}

/** The quote a preset picks for one order, or why none fits. */
export function choose<Q extends Quote>(quotes: Q[], preset: ServicePreset): { quote: Q } | { reason: string } {
  if (!quotes.length) return { reason: 'No carrier quoted a rate for this order' };
  if (preset.kind === 'cheapest') return { quote: [...quotes].sort((a, b) => a.totalCents - b.totalCents)[0] };
  if (preset.kind === 'fastest') {
    const q = pickFastest(quotes);
    return q ? { quote: q } : { reason: 'No carrier said how many days its services take' };
  }
  const q = quotes
    .filter((x) => x.carrierCode === preset.carrierCode && x.serviceCode === preset.serviceCode)
    .sort((a, b) => a.totalCents - b.totalCents)[0];
  return q ? { quote: q } : { reason: `${preset.carrierCode} ${preset.serviceCode} is not offered for this order` };
}

/**
 * The purchase key of one package of an order: one label per package, whoever asks and however
 * often; `attempt` counts the package's voided labels, so buying again after a void is allowed.
 */
export const packageKey = (orderId: number, packageNumber: number, attempt: number) =>
  `fbm-o${orderId}-p${packageNumber}-v${attempt}`;
