/**
 * The card processor's hosted Checkout page in the sandbox: the amount (or "save a card"), a card
 * form, the test cards to try, and Cancel. A card the processor refuses (a bad number, a past
 * expiry, a declined test card) shows the refusal on the page, as the real one does; a good one
 * saves the card to the customer, takes the payment, tells the webhooks and returns the browser to
 * the session's success URL.
 */
import { html } from 'hono/html';
import type { CheckoutSession } from '../../integrations/payments/models.js';

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

export const checkoutPage = (
  s: CheckoutSession,
  error?: string,
  typed?: { number?: string; exp?: string; name?: string },
) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Checkout (sandbox)</title>
        <style>
          body {
            font:
              16px system-ui,
              sans-serif;
            max-width: 26rem;
            margin: 2rem auto;
            padding: 0 1rem;
            color: #1a1f36;
          }
          .box {
            border: 1px solid #d5dbe1;
            border-radius: 8px;
            padding: 1.2rem;
          }
          label {
            display: block;
            margin: 0.7rem 0 0.2rem;
          }
          input {
            width: 100%;
            box-sizing: border-box;
            padding: 0.55rem;
            font-size: 1rem;
          }
          .row {
            display: flex;
            gap: 0.6rem;
          }
          button {
            margin-top: 1rem;
            width: 100%;
            padding: 0.7rem;
            font-size: 1rem;
            border: 0;
            border-radius: 6px;
            background: #635bff;
            color: #fff;
          }
          .error {
            color: #b3093c;
            margin-top: 0.8rem;
          }
          .muted {
            color: #697386;
            font-size: 0.9rem;
          }
        </style>
      </head>
      <body>
        <div class="box">
          <p class="muted">Sandbox — no real card is charged</p>
          <h1>${s.mode === 'payment' ? `Pay ${money(s.amount_total ?? 0, s.currency ?? 'usd')}` : 'Save a card'}</h1>
          ${
            s.mode === 'setup'
              ? html`<p>The card is kept for later payments you authorise.</p>`
              : html`<p>${String(s.metadata.description ?? '')}</p>`
          }
          <form method="post">
            <label for="number">Card number</label>
            <input
              id="number"
              name="number"
              inputmode="numeric"
              autocomplete="cc-number"
              value="${typed?.number ?? ''}"
            />
            <div class="row">
              <div>
                <label for="exp">Expiry (MM / YY)</label>
                <input id="exp" name="exp" autocomplete="cc-exp" placeholder="MM / YY" value="${typed?.exp ?? ''}" />
              </div>
              <div>
                <label for="cvc">CVC</label>
                <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" />
              </div>
            </div>
            <label for="name">Name on card</label>
            <input id="name" name="name" autocomplete="cc-name" value="${typed?.name ?? ''}" />
            ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
            <button type="submit">${s.mode === 'payment' ? 'Pay' : 'Save card'}</button>
          </form>
          ${s.cancel_url ? html`<p><a href="${s.cancel_url}">Cancel and go back</a></p>` : ''}
          <p class="muted">
            Test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined), 4000 0000 0000 9995
            (insufficient funds), 4000 0000 0000 0341 (saves, then declines when charged). Any future expiry, any 3
            digits.
          </p>
        </div>
      </body>
    </html>`;
