// The sandbox checkout's HTML: self-contained (inline styles, no scripts: the CSP allows
// inline styles only), readable on a phone. hono/html escapes every interpolated value.
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { Checkout } from "./sandbox-checkout.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:#1c2430;background:linear-gradient(160deg,#eef2f7 0%,#dde5ef 100%)}
.top{background:#14213d;color:#fff;padding:14px 20px;display:flex;align-items:center;gap:10px}
.logo{width:30px;height:30px;border-radius:8px;background:#fca311;color:#14213d;font-weight:800;
display:grid;place-items:center;font-size:15px}
.brand{font-weight:700;letter-spacing:.2px}
.brand small{display:block;font-weight:400;font-size:12px;opacity:.75}
main{width:100%;max-width:480px;margin:28px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(20,33,61,.12);overflow:hidden}
.note{background:#fff7e6;border-bottom:1px solid #f5d9a0;color:#7a4b00;padding:12px 20px;font-size:14px}
.note strong{display:block}
.summary{padding:20px;border-bottom:1px solid #e7ebf0}
.label{font-size:13px;color:#5b6675;text-transform:uppercase;letter-spacing:.6px}
.amount{font-size:34px;font-weight:700;margin:2px 0 4px}
.amount span{font-size:16px;font-weight:500;color:#5b6675}
.desc{margin:0;color:#333d4a;overflow-wrap:anywhere}
form{padding:20px;display:grid;gap:14px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
label{display:grid;gap:4px;font-size:14px;font-weight:600;color:#333d4a}
input,select{font:inherit;font-weight:400;width:100%;padding:10px 12px;border:1px solid #c9d1dc;
border-radius:8px;background:#f8fafc;color:#1c2430}
select{background:#fff}
input:focus,select:focus,button:focus{outline:3px solid #9cc3ff;outline-offset:1px}
.hint{font-size:12px;font-weight:400;color:#5b6675}
.actions{display:grid;grid-template-columns:2fr 1fr;gap:12px;margin-top:4px}
button{font:inherit;font-weight:700;padding:12px;border-radius:8px;border:1px solid transparent;cursor:pointer}
.approve{background:#1f6feb;color:#fff}
.approve:hover{background:#1858c4}
.cancel{background:#fff;color:#333d4a;border-color:#c9d1dc}
.cancel:hover{background:#f1f4f8}
.message{padding:24px 20px}
.message h1{font-size:22px;margin:0 0 8px}
.message a{color:#1f6feb;font-weight:600}
footer{text-align:center;font-size:12px;color:#5b6675;margin:16px 0 32px}
@media (max-width:480px){main{margin:16px auto}.actions{grid-template-columns:1fr}}
@media (max-width:340px){.row{grid-template-columns:1fr}.amount{font-size:28px}}
`;

export function formatAmount(amountCents: number, currency: string): string {
  const formatted = new Intl.NumberFormat("en-US", { style: "currency", currency }).format(
    amountCents / 100,
  );
  return `${formatted} ${currency}`;
}

function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="data:," />
    <title>${title} | ShutterHail Sandbox Pay</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <header class="top">
      <div class="logo" aria-hidden="true">S</div>
      <div class="brand">ShutterHail Sandbox Pay<small>Built-in test payments</small></div>
    </header>
    <main>
      <div class="card">${body}</div>
      <footer>No payment account is configured, so ShutterHail uses its sandbox.</footer>
    </main>
  </body>
</html>`;
}

export function checkoutPage(checkout: Checkout): Html {
  const amount = formatAmount(checkout.amountCents, checkout.currency);
  return page(
    "Checkout",
    html`<div class="note" role="note">
        <strong>This is a test payment.</strong>No money moves and no card is charged.
      </div>
      <section class="summary" aria-label="Order summary">
        <div class="label">${checkout.intent === "CAPTURE" ? "Amount to pay" : "Amount to authorize"}</div>
        <div class="amount">${amount.replace(/ [A-Z]{3}$/, "")} <span>${checkout.currency}</span></div>
        <p class="desc">${checkout.description}</p>
      </section>
      <form method="post" action="/sandbox/checkout/${checkout.orderId}">
        <label>Name on card
          <input name="name" autocomplete="off" value="Test Buyer" />
        </label>
        <label>Card number
          <input name="card" inputmode="numeric" autocomplete="off" value="4111 1111 1111 1111" />
        </label>
        <div class="row">
          <label>Expiry <input name="expiry" autocomplete="off" value="12/34" /></label>
          <label>CVC <input name="cvc" inputmode="numeric" autocomplete="off" value="123" /></label>
        </div>
        <label>Test outcome
          <select name="outcome">
            <option value="approve" selected>Approve payment</option>
            <option value="decline">Decline the card</option>
            ${checkout.intent === "AUTHORIZE" ? html`<option value="lapse">Let the hold lapse early</option>` : ""}
          </select>
          <span class="hint">The card details are for show; the outcome decides what happens.</span>
        </label>
        <div class="actions">
          <button class="approve" type="submit" name="action" value="approve">Approve ${amount}</button>
          <button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
        </div>
      </form>`,
  );
}

export function messagePage(title: string, text: string, link?: { href: string; label: string }) {
  return page(
    title,
    html`<div class="message">
      <h1>${title}</h1>
      <p>${text}</p>
      ${link ? html`<p><a href="${link.href}">${link.label}</a></p>` : ""}
    </div>`,
  );
}
