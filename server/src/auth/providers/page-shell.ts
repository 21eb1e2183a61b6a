/**
 * The frame of the server's own sign-in pages (the hosted sign-in page and the pages that end a
 * provider sign-in): the product's name, its compass mark and the auth screen's colours, in one
 * self-contained document. No script unless a page brings one allowed by its own CSP hash.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The auth screen's palette (web/src/index.css): scout green, trail gold, stone. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;background:#1e472e;color:#1c1917;display:flex;align-items:center;justify-content:center;padding:24px}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 20px 40px rgba(12,33,21,.25)}
.brand{display:flex;align-items:center;gap:12px;margin-bottom:20px}
.brand span{font-weight:800;font-size:18px;color:#1e472e}
h1{font-size:20px;margin:0 0 4px}
p{color:#57534e;font-size:14px;margin:0 0 16px}
form{display:grid;gap:12px;margin:16px 0}
label{display:grid;gap:6px;font-size:14px;font-weight:600;color:#292524}
input{font:inherit;padding:10px 12px;border:1px solid #d6d3d1;border-radius:8px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid #2a6f42;outline-offset:2px}
button,.button{font:inherit;font-weight:600;padding:11px 16px;border-radius:8px;border:0;cursor:pointer;text-align:center;text-decoration:none;display:block}
.primary{background:#2a6f42;color:#fff}
.primary:hover{background:#235937}
.secondary{background:#fff;color:#235937;border:1px solid #bbdfc4}
.secondary:hover{background:#f1f8f2}
.divider{display:flex;align-items:center;gap:12px;color:#57534e;font-size:12px;margin:8px 0}
.divider::before,.divider::after{content:"";height:1px;flex:1;background:#e7e5e4}
.providers{display:grid;gap:8px}
.message{border-radius:8px;padding:10px 12px;font-size:14px;margin:0 0 12px}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
.success{background:#f1f8f2;color:#1e472e;border:1px solid #bbdfc4}
code{font-size:12px;color:#57534e}
`;

const LOGO = `<svg width="40" height="40" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#235937"/><circle cx="16" cy="16" r="10" fill="none" stroke="#e9c46a" stroke-width="1.5"/><path d="M16 5l2.6 8.4L27 16l-8.4 2.6L16 27l-2.6-8.4L5 16l8.4-2.6z" fill="#fff"/><path d="M16 5l2.6 8.4L16 16z" fill="#e9c46a"/></svg>`;

/** A whole page; `body` is trusted HTML the caller built with escapeHtml. */
export function renderPage(input: { title: string; body: string; tail?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand">${LOGO}<span>${escapeHtml(PRODUCT_NAME)}</span></div>
${input.body}
</main>
${input.tail ?? ''}
</body>
</html>`;
}
