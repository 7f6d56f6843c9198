/**
 * The providers' local sandboxes, served by Dockside itself under /sandbox/<provider>/ when
 * SANDBOX=on (default with the demo seed): each at the provider's own paths and shapes, so a
 * store in sandbox mode runs the real client against it. Not part of Dockside's API: no
 * envelope, no Dockside sign-in — the providers' own tokens.
 */
import type { Hono } from 'hono';
import type { Deps } from '../context.js';
import { amazonSandbox } from './amazon/routes.js';
import { walmartSandbox } from './walmart/routes.js';
import { ebaySandbox } from './ebay/routes.js';
import { shopifySandbox } from './shopify/routes.js';
import { shipEngineSandbox } from './shipengine/routes.js';
import { paymentsSandbox } from './payments/routes.js';
import { freightSandbox } from './freight/routes.js';

export function mountSandboxes(app: { route: (path: string, app: Hono) => unknown }, deps: Deps): void {
  if (!deps.config.sandbox) return;
  app.route('/sandbox/amazon', amazonSandbox(deps));
  app.route('/sandbox/walmart', walmartSandbox(deps));
  app.route('/sandbox/ebay', ebaySandbox(deps));
  app.route('/sandbox/shopify', shopifySandbox(deps));
  app.route('/sandbox/shipengine', shipEngineSandbox(deps));
  app.route('/sandbox/payments', paymentsSandbox(deps));
  app.route('/sandbox/freight', freightSandbox(deps));
}
