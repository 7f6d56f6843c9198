/**
 * The page a sandbox shows where the real provider asks the seller to authorise Dockside: what is
 * asked, for which account, Confirm or Cancel. The form posts back to the same path.
 */
import { html } from 'hono/html';
import { signToken } from './tokens.js';

export interface ConsentPage {
  provider: string;
  /** The seller account the authorisation is for. */
  account: string;
  /** What Dockside may do, in the provider's words. */
  asks: string;
  /** Hidden fields carried to the decision. */
  fields: Record<string, string>;
  accent: string;
}

export const consentPage = (p: ConsentPage) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Authorise Dockside — ${p.provider} (sandbox)</title>
        <style>
          body {
            font:
              16px system-ui,
              sans-serif;
            max-width: 32rem;
            margin: 3rem auto;
            padding: 0 1rem;
          }
          .box {
            border: 1px solid #ccc;
            border-radius: 8px;
            padding: 1.2rem;
          }
          button {
            font: inherit;
            padding: 0.6rem 1.2rem;
            margin-right: 0.6rem;
            border-radius: 6px;
          }
          .primary {
            background: ${p.accent};
            border: 1px solid #888;
          }
        </style>
      </head>
      <body>
        <div class="box">
          <p><strong>${p.provider} — sandbox</strong></p>
          <h1>Authorise Dockside</h1>
          <p>${p.asks} for account <code>${p.account}</code>.</p>
          <form method="post">
            ${Object.entries(p.fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`)}
            <button class="primary" name="decision" value="confirm" type="submit">Confirm</button>
            <button name="decision" value="deny" type="submit">Cancel</button>
          </form>
        </div>
      </body>
    </html>`;

export const isHttpUrl = (s: string | undefined): s is string => !!s && /^https?:\/\//.test(s);

/** A sandbox seller id derived from the authorisation's state: each authorisation its own account. */
export const sellerFromState = (secret: string, prefix: string, state: string, length = 12) =>
  `${prefix}${signToken(secret, '', { account: state, use: 'seller', exp: 0 })
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-length)}`;
