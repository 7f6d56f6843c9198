/**
 * Direction arrow geometry. Defined once pointing up in a unit square and rotated, so PDF/SVG
 * (filled polygon) and ZPL (a stack of ^GB bars, since ZPL has no filled polygon) agree.
 */
import type { ArrowDirection } from '../domain/schemas/labels.js';
import type { ArrowElement } from './model.js';

type Point = [number, number];
const HEAD = 0.5; // the head takes the first half of the length
const SHAFT = 0.35; // shaft width as a fraction of the arrow size

/** Unit frame (arrow pointing up) → the element's direction, still in the unit square. */
function orient(direction: ArrowDirection, [u, v]: Point): Point {
  switch (direction) {
    case 'up':
      return [u, v];
    case 'down':
      return [u, 1 - v];
    case 'left':
      return [v, u];
    case 'right':
      return [1 - v, u];
  }
}

const UP_POLYGON: Point[] = [
  [0.5, 0],
  [1, HEAD],
  [0.5 + SHAFT / 2, HEAD],
  [0.5 + SHAFT / 2, 1],
  [0.5 - SHAFT / 2, 1],
  [0.5 - SHAFT / 2, HEAD],
  [0, HEAD],
];

/** The arrow outline in label inches. */
export function arrowPolygon(el: ArrowElement): Point[] {
  return UP_POLYGON.map((p) => {
    const [u, v] = orient(el.direction, p);
    return [el.x + u * el.size, el.y + v * el.size];
  });
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The arrow as axis-aligned rectangles in label inches: the head sliced into `slices` bars
 * across its axis, plus the shaft. Each slice is as wide as the head at its far edge, so the
 * bars cover the whole triangle.
 */
export function arrowRects(el: ArrowElement, slices: number): Rect[] {
  const unit: Array<[number, number, number, number]> = []; // u0, v0, u1, v1 in the up frame
  for (let i = 0; i < slices; i++) {
    const v0 = (i * HEAD) / slices;
    const v1 = ((i + 1) * HEAD) / slices;
    const half = v1; // the head widens by 1 (full width) over HEAD (0.5) of length
    unit.push([0.5 - half, v0, 0.5 + half, v1]);
  }
  unit.push([0.5 - SHAFT / 2, HEAD, 0.5 + SHAFT / 2, 1]);
  return unit.map(([u0, v0, u1, v1]) => {
    const [ax, ay] = orient(el.direction, [u0, v0]);
    const [bx, by] = orient(el.direction, [u1, v1]);
    return {
      x: el.x + Math.min(ax, bx) * el.size,
      y: el.y + Math.min(ay, by) * el.size,
      width: Math.abs(bx - ax) * el.size,
      height: Math.abs(by - ay) * el.size,
    };
  });
}
