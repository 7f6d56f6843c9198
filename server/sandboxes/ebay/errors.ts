/**
 * eBay's refusal body, `{errors: [{errorId, domain, category, message, longMessage, parameters}]}`,
 * as the sandbox answers it (the Error schema of the Sell Fulfillment model).
 */
import type { Context } from 'hono';

export type EbayStatus = 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503;

export const apiError = (
  c: Context,
  status: EbayStatus,
  errorId: number,
  message: string,
  longMessage?: string,
  parameter?: { name: string; value?: string } | string,
) =>
  c.json(
    {
      errors: [
        {
          errorId,
          domain: status === 401 ? 'OAuth' : 'API_FULFILLMENT',
          category: status >= 500 ? 'APPLICATION' : 'REQUEST',
          message,
          ...(longMessage ? { longMessage } : {}),
          ...(parameter
            ? {
                parameters: [
                  typeof parameter === 'string'
                    ? { name: parameter, value: '' }
                    : { name: parameter.name, value: parameter.value ?? '' },
                ],
              }
            : {}),
        },
      ],
    },
    status,
  );

/** eBay's refusal of a token without the scope the call needs (any Sell API: domain ACCESS). */
export const accessDenied = (c: Context) =>
  c.json(
    {
      errors: [
        {
          errorId: 1100,
          domain: 'ACCESS',
          category: 'REQUEST',
          message: 'Access denied',
          longMessage: 'Insufficient permissions to fulfill the request.',
        },
      ],
    },
    403,
  );
