/** The one stylesheet of the person's pages, served from the app so the CSP needs only `style-src 'self'`. */
export const STYLESHEET = `:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--alt:#f6f8fa;--line:#d1d9e0;--accent:#0550ae;--ok:#116329;--bad:#a40e26;--warn:#7d4e00}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9ea8b3;--bg:#0d1117;--alt:#161b22;--line:#3d444d;--accent:#74b9ff;--ok:#56d364;--bad:#ff8e87;--warn:#e3b341}}
*{box-sizing:border-box}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);-webkit-text-size-adjust:100%}
header,main,footer{max-width:44rem;margin:0 auto;padding:0 1rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding-top:1rem;padding-bottom:.5rem;border-bottom:1px solid var(--line)}
footer{margin-top:3rem;padding-top:1rem;padding-bottom:2rem;border-top:1px solid var(--line);color:var(--muted);font-size:.9rem}
.brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:var(--fg)}
.who{color:var(--muted);overflow-wrap:anywhere}
h1{font-size:1.6rem;margin:1.25rem 0 .75rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
p{margin:.5rem 0}
form{margin:.75rem 0}
form.inline{display:inline;margin:0}
fieldset{border:1px solid var(--line);border-radius:8px;padding:.5rem 1rem 1rem;margin:1rem 0}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
label.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.5rem 0}
label.choice input{margin-top:.3rem}
input[type=email],input[type=text],select{width:100%;max-width:28rem;font:inherit;padding:.6rem .7rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
input.code{max-width:10rem;font-size:1.5rem;letter-spacing:.25em;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.hint{color:var(--muted);font-size:.92rem;font-weight:400}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:var(--bg);cursor:pointer;text-decoration:none;margin:.25rem .5rem .25rem 0;min-height:2.75rem}
button.secondary,.button.secondary{background:transparent;color:var(--accent)}
button.danger{background:transparent;color:var(--bad);border-color:var(--bad)}
button.link{background:none;border:none;color:var(--accent);padding:0;min-height:0;font-weight:400;text-decoration:underline;margin:0}
.notice{border-left:4px solid var(--accent);background:var(--alt);padding:.75rem 1rem;margin:1rem 0;border-radius:0 6px 6px 0}
.notice.error{border-color:var(--bad)}
.notice.ok{border-color:var(--ok)}
.agent-name{font-size:1.2rem}
.unverified{color:var(--warn);font-size:.92rem}
.secret{display:block;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--alt);border:1px solid var(--line);border-radius:6px;padding:.75rem;overflow-wrap:anywhere;user-select:all}
ul.items{list-style:none;padding:0;margin:0}
ul.items>li{border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
ul.items h3{font-size:1.05rem;margin:0 0 .25rem;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0;font-size:.95rem}
dt{color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
.badge{display:inline-block;font-size:.8rem;font-weight:600;border:1px solid currentColor;border-radius:999px;padding:0 .55em;margin-left:.35em;vertical-align:.1em}
.badge.flow{color:var(--accent)}.badge.revoked,.badge.expired{color:var(--bad)}
@media (max-width:30rem){dl{grid-template-columns:1fr}dt{margin-top:.35rem}}
`;
