/**
 * Closing a box at the bench: the form's text (dimensions typed or from a preset, a weight typed
 * or read from a scale, the preset's tare optionally added) turned into the measure the
 * `box.close` mutation takes, judged with Amazon's box limits (judgeBox) before anything is sent —
 * so the packer sees "split the contents" or TEAM LIFT while the box is still open on the bench.
 */
import { judgeBox, readScale, type BoxIssue, type BoxMeasure } from '../../../domain/rules/bench';
import { MAX_BOX_LB, type BoxPreset } from '../../../domain/schemas/bench';

export interface CloseDraft {
  lengthIn: string;
  widthIn: string;
  heightIn: string;
  /** As typed or as the scale sent it: "12.4", "12.40 lb", "5.6 kg". */
  weight: string;
  /** Add the preset's empty-box weight (the scale weighed the contents only). */
  addTare: boolean;
  preset: BoxPreset | null;
}

export type CloseField = 'lengthIn' | 'widthIn' | 'heightIn' | 'weight';
export type FieldProblem = 'required' | 'number' | 'range';

/** A refusal of judgeBox, as data the screen translates (domain/rules/bench.ts BoxIssue). */
export type BoxProblem = BoxIssue;

export interface CloseCheck {
  fields: Partial<Record<CloseField, FieldProblem>>;
  /** The measure to send, when every field reads. */
  measure: BoxMeasure | null;
  problems: BoxProblem[];
  teamLift: boolean;
  /** Over 100 lb a box cannot travel as small parcel. */
  parcelOk: boolean;
}

const MAX_SIDE_TYPED = 120;
const MAX_WEIGHT_TYPED = 1_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

function side(text: string): number | FieldProblem {
  const t = text.trim().replace(',', '.');
  if (!t) return 'required';
  const n = Number(t);
  if (!Number.isFinite(n)) return 'number';
  return n > 0 && n <= MAX_SIDE_TYPED ? n : 'range';
}

/** The weight in lb the box is closed with: the reading, plus the tare when asked. */
export function closingWeight(draft: Pick<CloseDraft, 'weight' | 'addTare' | 'preset'>): number | FieldProblem {
  if (!draft.weight.trim()) return 'required';
  const read = readScale(draft.weight);
  if (read === null) return 'number';
  const lb = round2(read + (draft.addTare && draft.preset ? draft.preset.tareLb : 0));
  return lb > 0 && lb <= MAX_WEIGHT_TYPED ? lb : 'range';
}

export function checkClose(draft: CloseDraft, unitsInBox: number, maxWeightLb: number | null): CloseCheck {
  const values = {
    lengthIn: side(draft.lengthIn),
    widthIn: side(draft.widthIn),
    heightIn: side(draft.heightIn),
    weight: closingWeight(draft),
  };
  const fields: CloseCheck['fields'] = {};
  for (const [k, v] of Object.entries(values) as [CloseField, number | FieldProblem][])
    if (typeof v !== 'number') fields[k] = v;
  const { lengthIn, widthIn, heightIn, weight } = values;
  if (
    typeof lengthIn !== 'number' ||
    typeof widthIn !== 'number' ||
    typeof heightIn !== 'number' ||
    typeof weight !== 'number'
  )
    return {
      fields,
      measure: null,
      problems: unitsInBox > 0 ? [] : [{ key: 'empty' }],
      teamLift: false,
      parcelOk: true,
    };
  const measure: BoxMeasure = { lengthIn, widthIn, heightIn, weightLb: weight };
  const max = maxWeightLb ?? MAX_BOX_LB;
  const verdict = judgeBox(measure, unitsInBox, max);
  return {
    fields,
    measure,
    problems: verdict.issues,
    teamLift: verdict.teamLift,
    parcelOk: verdict.parcelOk,
  };
}

/** The draft a preset gives (its dimensions; the weight and tare choice are kept). */
export const withPreset = (draft: CloseDraft, preset: BoxPreset | null): CloseDraft =>
  preset
    ? {
        ...draft,
        preset,
        lengthIn: String(preset.lengthIn),
        widthIn: String(preset.widthIn),
        heightIn: String(preset.heightIn),
      }
    : { ...draft, preset: null };
