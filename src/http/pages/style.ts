/**
 * The one stylesheet of the person's pages, served from the app so the CSP needs only `style-src 'self'`.
 * It wears the web app's look: the colours, type and radius of web/src/styles.css's variables (light and
 * dark), the page a raised card on the app's sunken background, controls of the app's size.
 */
export const STYLESHEET = `:root{color-scheme:light dark;--fg:#1c1c22;--muted:#6b6b78;--bg:#fbfbfc;--raised:#fff;--alt:#f3f3f6;--line:#e2e2e8;--line-strong:#cfcfd8;--accent:#5b5bd6;--accent-text:#fff;--accent-soft:#ededfc;--ok:#1a7f46;--bad:#c62a2f;--bad-soft:#fdecec;--warn:#a35c00;--radius:6px;--font:-apple-system,BlinkMacSystemFont,"Segoe UI",Inter,Roboto,"Helvetica Neue",Arial,sans-serif;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
@media (prefers-color-scheme:dark){:root{--fg:#e8e8ee;--muted:#9a9aa8;--bg:#141417;--raised:#1c1c21;--alt:#101013;--line:#2c2c34;--line-strong:#3a3a44;--accent:#7c7cf0;--accent-text:#fff;--accent-soft:#25254a;--ok:#4cc38a;--bad:#ff6b6b;--bad-soft:#3a1c1e;--warn:#f0b04a}}
*{box-sizing:border-box}
body{margin:0;font:14px/1.55 var(--font);color:var(--fg);background:var(--alt);-webkit-text-size-adjust:100%;-webkit-font-smoothing:antialiased}
header,main,footer{max-width:40rem;margin:0 auto;padding:0 16px}
header{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding-top:20px;padding-bottom:16px}
main{background:var(--raised);border:1px solid var(--line);border-radius:10px;padding:8px 28px 24px;box-shadow:0 1px 3px rgb(0 0 0/.06)}
footer{margin-top:20px;padding-top:0;padding-bottom:32px;color:var(--muted);font-size:12.5px;text-align:center}
footer a{color:var(--muted)}
.brand{display:inline-flex;align-items:center;gap:8px;font-weight:700;font-size:15px;text-decoration:none;color:var(--fg)}
.brand::before{content:"D";display:inline-grid;place-items:center;width:22px;height:22px;border-radius:5px;background:var(--accent);color:var(--accent-text);font-size:12px}
nav{font-size:13px}
nav a,nav button.link{margin-left:10px}
.who{color:var(--muted);overflow-wrap:anywhere}
h1{font-size:20px;font-weight:600;letter-spacing:-.01em;margin:18px 0 10px}
h2{font-size:15px;font-weight:600;margin:28px 0 8px}
a{color:var(--accent);text-underline-offset:2px}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
p{margin:8px 0}
.lead{font-size:15px}
form{margin:12px 0}
form.inline{display:inline;margin:0}
fieldset{border:1px solid var(--line);border-radius:var(--radius);padding:8px 14px 12px;margin:14px 0}
legend{font-weight:600;font-size:12.5px;color:var(--muted);padding:0 4px}
label{display:block;font-weight:600;font-size:12.5px;color:var(--muted);margin:12px 0 4px}
label.choice{display:flex;gap:8px;align-items:flex-start;font-weight:400;font-size:14px;color:var(--fg);margin:8px 0}
label.choice input{margin-top:4px;accent-color:var(--accent)}
input[type=email],input[type=text],select{width:100%;max-width:26rem;font:inherit;padding:7px 10px;border:1px solid var(--line-strong);border-radius:var(--radius);background:var(--raised);color:var(--fg);min-height:36px}
input[type=email]:focus,input[type=text]:focus,select:focus{border-color:var(--accent);outline:2px solid var(--accent-soft);outline-offset:0}
input.code{max-width:10rem;font-size:22px;letter-spacing:.25em;font-family:var(--mono)}
code{font-family:var(--mono);font-size:12.5px;background:var(--alt);border-radius:4px;padding:1px 4px}
.hint{color:var(--muted);font-size:12.5px;font-weight:400}
button,.button{display:inline-flex;align-items:center;justify-content:center;font:inherit;font-weight:500;font-size:13.5px;padding:0 14px;border-radius:var(--radius);border:1px solid var(--accent);background:var(--accent);color:var(--accent-text);cursor:pointer;text-decoration:none;margin:4px 8px 4px 0;min-height:36px}
button:hover,.button:hover{filter:brightness(1.08)}
button.secondary,.button.secondary{background:var(--raised);color:var(--fg);border-color:var(--line-strong)}
button.danger{background:var(--raised);color:var(--bad);border-color:var(--line-strong)}
button.danger:hover{background:var(--bad-soft);filter:none}
button.link{background:none;border:none;color:var(--accent);padding:0;min-height:0;font-weight:400;font-size:inherit;text-decoration:underline;margin:0}
.notice{border:1px solid var(--line);border-left:3px solid var(--accent);background:var(--alt);padding:10px 14px;margin:14px 0;border-radius:var(--radius)}
.notice.error{border-left-color:var(--bad);background:var(--bad-soft)}
.notice.ok{border-left-color:var(--ok)}
.agent-name{font-size:16px;font-weight:600}
.unverified{color:var(--warn);font-size:12.5px}
.secret{display:block;font-family:var(--mono);font-size:12.5px;background:var(--alt);border:1px solid var(--line);border-radius:var(--radius);padding:10px 12px;overflow-wrap:anywhere;user-select:all}
ul.items{list-style:none;padding:0;margin:0;border:1px solid var(--line);border-radius:var(--radius)}
ul.items>li{padding:12px 14px;border-top:1px solid var(--line)}
ul.items>li:first-child{border-top:0}
ul.items h3{font-size:14px;font-weight:600;margin:0 0 4px;overflow-wrap:anywhere}
ul.items form{margin:6px 0 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:6px 0;font-size:13px}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
.badge{display:inline-block;font-size:11px;font-weight:600;border:1px solid currentColor;border-radius:999px;padding:0 7px;margin-left:6px;vertical-align:.1em}
.badge.flow{color:var(--accent)}.badge.revoked,.badge.expired{color:var(--bad)}
@media (max-width:30rem){main{padding:4px 16px 18px;border-radius:0;border-left:0;border-right:0}header,footer{padding-left:16px;padding-right:16px}dl{grid-template-columns:1fr}dt{margin-top:6px}}
`;
