/**
 * One entry point for label rendering, used by the browser (preview, QZ printing) and by the
 * server (label download endpoints): validate the request with the domain schema, build the
 * Label from its template, hand it to the format's renderer.
 */
import type { z } from 'zod';
import {
  labelRenderRequestSchema,
  type LabelFormat,
  type LabelRenderRequest,
  type LabelRenderRequestInput,
} from '../domain/schemas/labels.js';
import type { Label } from './model.js';
import { renderPdf } from './pdf.js';
import { LABEL_GEOMETRY } from './sizes.js';
import { renderSvg } from './svg.js';
import { buildLabel, requestSize } from './templates/index.js';
import { renderZpl } from './zpl.js';

export interface RenderedLabel {
  contentType: string;
  /** ZPL and SVG are text; PDF is bytes. */
  data: string | Uint8Array;
  filename: string;
}

export interface FieldError {
  path: string;
  message: string;
}

/** Invalid request: one entry per field, ready for the API's error_list (400). */
export class LabelValidationError extends Error {
  override name = 'LabelValidationError';
  constructor(readonly fields: FieldError[]) {
    super(fields.map((f) => `${f.path}: ${f.message}`).join('; '));
  }
}

export const CONTENT_TYPES: Record<LabelFormat, string> = {
  zpl: 'application/zpl',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
};

function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Validates a request (applying defaults) or throws LabelValidationError. */
export function parseLabelRequest(input: unknown): LabelRenderRequest {
  const parsed = labelRenderRequestSchema.safeParse(input);
  if (!parsed.success) throw new LabelValidationError(toFieldErrors(parsed.error));
  return parsed.data;
}

/** The value printed in the barcode, used to name the file. */
function primaryKey(req: LabelRenderRequest): string {
  switch (req.template) {
    case 'fnsku':
      return req.data.fnsku;
    case 'package':
      return req.data.packageCode;
    case 'lpn':
      return req.data.lpn;
    case 'location':
      return req.data.code;
    case 'box':
      return req.data.boxId;
    case 'pallet':
      return req.data.palletId;
  }
}

const filename = (req: LabelRenderRequest, suffix: string): string =>
  `${req.template}-${primaryKey(req)}${suffix}`.replace(/[^A-Za-z0-9._-]+/g, '_') + `.${req.format}`;

async function renderMany(reqs: LabelRenderRequest[], labels: Label[], name: string): Promise<RenderedLabel> {
  const first = reqs[0];
  const contentType = CONTENT_TYPES[first.format];
  switch (first.format) {
    case 'zpl':
      return {
        contentType,
        filename: name,
        data: labels.map((l, i) => renderZpl(l, { dpi: reqs[i].dpi, copies: reqs[i].copies })).join(''),
      };
    case 'svg':
      if (labels.length !== 1)
        throw new LabelValidationError([{ path: 'format', message: 'svg previews one label at a time' }]);
      return { contentType, filename: name, data: renderSvg(labels[0], { dpi: first.dpi }) };
    case 'pdf': {
      const geometry = LABEL_GEOMETRY[requestSize(first)];
      // Copies are expanded here so each request keeps its own count within one document.
      const expanded = labels.flatMap((l, i) => Array.from({ length: reqs[i].copies }, () => l));
      return {
        contentType,
        filename: name,
        data: await renderPdf(expanded, geometry, { dpi: first.dpi, title: name }),
      };
    }
  }
}

/** Render one label request (copies included) to ZPL, PDF or SVG. */
export async function renderLabel(input: LabelRenderRequestInput): Promise<RenderedLabel>;
/** Untrusted input (an HTTP body) is accepted too: it is validated first. */
export async function renderLabel(input: unknown): Promise<RenderedLabel>;
export async function renderLabel(input: unknown): Promise<RenderedLabel> {
  const req = parseLabelRequest(input);
  return renderMany([req], [buildLabel(req)], filename(req, ''));
}

export interface LabelBatchInput {
  template: string;
  format: LabelFormat;
  size?: string;
  dpi?: number;
  copies?: number;
  items: unknown[];
}

/**
 * Many labels of one template into one document: concatenated ZPL formats, or one PDF
 * (one page per label, or 30-up sheets filled in order). Errors name the item: items.3.data.title.
 */
export async function renderLabelBatch(batch: LabelBatchInput): Promise<RenderedLabel> {
  if (batch.items.length === 0)
    throw new LabelValidationError([{ path: 'items', message: 'items: at least one label' }]);
  const errors: FieldError[] = [];
  const reqs: LabelRenderRequest[] = [];
  const { items, ...common } = batch;
  items.forEach((data, i) => {
    const parsed = labelRenderRequestSchema.safeParse({ ...common, data });
    if (parsed.success) reqs.push(parsed.data);
    else errors.push(...toFieldErrors(parsed.error).map((e) => ({ ...e, path: `items.${i}.${e.path}` })));
  });
  if (errors.length > 0) throw new LabelValidationError(errors);
  return renderMany(reqs, reqs.map(buildLabel), filename(reqs[0], `-batch-${reqs.length}`));
}
