/**
 * Auto-assign (issue 19, spec items/box auto-assign): fills boxes from a plan's quantities without
 * scanning, the way a packer would — per shipment (a box goes to one fulfilment centre), sealed
 * cases first (a product with a case pack of N ships its full cases as they are, one case a box),
 * then loose units filled into the chosen box size, SKU after SKU, up to what the box holds by
 * volume (85 % of its inside, units packed as bricks) and by Walmart's weight limit. Units whose
 * product has no size or weight are counted by weight only when known, else one box per 24 units
 * — the packer corrects at the bench.
 */

export interface AssignLine {
  id: number;
  group: string;
  /** Units still to box. */
  quantity: number;
  packSize: number;
  unit: { lengthIn: number | null; widthIn: number | null; heightIn: number | null; weightLb: number | null };
}

export interface AssignBox {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  maxWeightLb: number;
}

export interface AssignedBox {
  group: string;
  /** A sealed case of one line, or loose units of one or more lines. */
  sealedCase: boolean;
  items: { lineId: number; quantity: number }[];
}

/** How much of a box's inside loose units really fill. */
export const FILL = 0.85;
/** Units a box takes when nothing is known of them. */
export const UNKNOWN_PER_BOX = 24;

/** Loose units of one line a box of this size takes (at least 1: an oversize unit goes alone). */
export function unitsPerBox(line: AssignLine, box: AssignBox): number {
  const { lengthIn: l, widthIn: w, heightIn: h, weightLb } = line.unit;
  const byWeight = weightLb && weightLb > 0 ? Math.floor(box.maxWeightLb / weightLb) : Infinity;
  const byVolume =
    l && w && h ? Math.floor((box.lengthIn * box.widthIn * box.heightIn * FILL) / (l * w * h)) : Infinity;
  const n = Math.min(byWeight, byVolume);
  return Math.max(1, Number.isFinite(n) ? n : UNKNOWN_PER_BOX);
}

export function autoAssign(lines: readonly AssignLine[], box: AssignBox): AssignedBox[] {
  const out: AssignedBox[] = [];
  const groups = [...new Set(lines.map((l) => l.group))];
  for (const group of groups) {
    const mine = lines.filter((l) => l.group === group && l.quantity > 0);
    const loose: { line: AssignLine; left: number }[] = [];
    for (const line of mine) {
      const pack = Math.max(1, line.packSize);
      const cases = pack > 1 ? Math.floor(line.quantity / pack) : 0;
      for (let c = 0; c < cases; c++)
        out.push({ group, sealedCase: true, items: [{ lineId: line.id, quantity: pack }] });
      const left = line.quantity - cases * pack;
      if (left > 0) loose.push({ line, left });
    }
    // Loose units share boxes: each unit takes 1/capacity of a box.
    let current: AssignedBox | null = null;
    let used = 0;
    for (const entry of loose) {
      const per = unitsPerBox(entry.line, box);
      while (entry.left > 0) {
        // What is left of the box, in units of this line; too little for one: a new box.
        let room = current ? Math.floor((1 - used) * per + 1e-9) : 0;
        if (!current || room < 1) {
          current = { group, sealedCase: false, items: [] };
          out.push(current);
          used = 0;
          room = per;
        }
        const n = Math.min(entry.left, room);
        const item = current.items.find((i) => i.lineId === entry.line.id);
        if (item) item.quantity += n;
        else current.items.push({ lineId: entry.line.id, quantity: n });
        used += n / per;
        entry.left -= n;
      }
    }
  }
  return out;
}
