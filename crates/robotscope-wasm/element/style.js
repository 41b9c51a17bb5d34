// The one stylesheet every <robots-txt-tester> on the page shares (adopted into each shadow root). Colours are
// custom properties on :host, each a light-dark() pair, so a page can restyle the widget from outside
// (`robots-txt-tester { --rtt-bg: ... }`) and the scheme follows the page (see hostDark in ui.js).
export const CSS = `
:host{display:block;margin:1em 0;
--rtt-bg:light-dark(#fff,#16181d);--rtt-fg:light-dark(#1f2328,#e6edf3);--rtt-muted:light-dark(#59636e,#9198a1);
--rtt-border:light-dark(#d1d9e0,#3d444d);--rtt-radius:8px;--rtt-font:system-ui,sans-serif;
--rtt-font-mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;--rtt-font-size:14px;
--rtt-allowed:light-dark(#1a7f37,#3fb950);--rtt-disallowed:light-dark(#cf222e,#ff7b72);--rtt-warning:light-dark(#9a6700,#d29922);
--rtt-winning-bg:light-dark(#fff3b0,#4d3b00);--rtt-group-bg:light-dark(#eef3fb,#1f2a3a);--rtt-focus:light-dark(#0969da,#4493f8);
--rtt-key:light-dark(#0550ae,#79c0ff);--rtt-value:light-dark(#0a3069,#a5d6ff);--rtt-comment:light-dark(#6e7781,#8b949e);
--rtt-wildcard:light-dark(#8250df,#d2a8ff);--rtt-shade:light-dark(#0003,#000c)}
:host([hidden]){display:none}
*{box-sizing:border-box}
.root{color-scheme:light;background:var(--rtt-bg);color:var(--rtt-fg);border:1px solid var(--rtt-border);
border-radius:var(--rtt-radius);font:400 var(--rtt-font-size)/1.45 var(--rtt-font);letter-spacing:normal;word-spacing:normal;
text-align:left;text-transform:none;text-indent:0;white-space:normal;overflow:hidden;container-type:inline-size}
.root.dark{color-scheme:dark}
.file{max-height:22em;overflow:auto;border-bottom:1px solid var(--rtt-border);font:13px/1.5 var(--rtt-font-mono)}
.root{--x:linear-gradient(90deg,var(--rtt-bg) 40%,#0000) left/2em 100%,linear-gradient(270deg,var(--rtt-bg) 40%,#0000) right/2em 100%,
linear-gradient(90deg,var(--rtt-shade),#0000) left/.7em 100%,linear-gradient(270deg,var(--rtt-shade),#0000) right/.7em 100%;
--y:linear-gradient(var(--rtt-bg) 40%,#0000) top/100% 2em,linear-gradient(0deg,var(--rtt-bg) 40%,#0000) bottom/100% 2em,
linear-gradient(var(--rtt-shade),#0000) top/100% .7em,linear-gradient(0deg,var(--rtt-shade),#0000) bottom/100% .7em}
.gridwrap{background:var(--x);background-repeat:no-repeat;background-attachment:local,local,scroll,scroll}
.file{background:var(--y),var(--x);background-repeat:no-repeat;background-attachment:local,local,scroll,scroll,local,local,scroll,scroll}
.code{position:relative;min-width:100%;width:max-content;padding:.4em 0}
.l{white-space:pre;padding-right:1em;min-height:1.5em}
.n{display:inline-block;width:var(--gutter,3ch);margin-right:1ch;text-align:right;color:var(--rtt-muted);user-select:none}
.l[data-group]{background:var(--rtt-group-bg)}
.l[data-winning]{background:var(--rtt-winning-bg);box-shadow:inset 3px 0 var(--rtt-focus)}
.more{color:var(--rtt-muted);padding-left:1ch}
.k{color:var(--rtt-key);font-weight:600}.k.allow{color:var(--rtt-allowed)}.k.disallow{color:var(--rtt-disallowed)}
.k.other,.k.unused{color:var(--rtt-muted)}.v{color:var(--rtt-value)}.w{color:var(--rtt-wildcard);font-weight:700}
.c{color:var(--rtt-comment);font-style:italic}
textarea{position:absolute;inset:0;width:100%;height:100%;margin:0;padding:.4em 1em 0 calc(var(--gutter,3ch) + 1ch);
border:0;resize:none;overflow:hidden;white-space:pre;font:inherit;color:transparent;background:transparent;
caret-color:var(--rtt-fg);outline:none;letter-spacing:normal;tab-size:8}
textarea::selection{color:transparent;background:color-mix(in srgb,var(--rtt-focus) 30%,transparent)}
.code.editing:focus-within{box-shadow:inset 0 0 0 2px var(--rtt-focus)}
.gridwrap{overflow:auto;padding:.5em}
table{border-collapse:collapse;border-spacing:0;margin:0;font:inherit;width:auto}
caption{text-align:left;color:var(--rtt-muted);font-size:.85em;padding:0 0 .3em}
th,td{border:1px solid var(--rtt-border);padding:0;text-align:left;vertical-align:middle;background:none;color:inherit}
th{padding:.25em .6em;font-weight:600;font-size:.9em;white-space:nowrap}
th[scope=row]{font:13px var(--rtt-font-mono);max-width:24em;overflow:hidden;text-overflow:ellipsis}
td button{all:unset;box-sizing:border-box;display:block;width:100%;padding:.25em .6em;cursor:pointer;white-space:nowrap;font-weight:600}
td[data-verdict=allowed] button{color:var(--rtt-allowed)}td[data-verdict=disallowed] button{color:var(--rtt-disallowed)}
td button small{display:block;font-weight:400;color:var(--rtt-muted);font-size:.8em}
td button[aria-current]{background:var(--rtt-group-bg);box-shadow:inset 0 0 0 2px var(--rtt-fg)}
td button:focus-visible,a:focus-visible,button:focus-visible{outline:2px solid var(--rtt-focus);outline-offset:-2px}
td[data-expected]{box-shadow:inset 0 0 0 2px var(--rtt-warning)}
td small.exp{color:var(--rtt-warning);font-weight:600}
td small.differs{color:var(--rtt-warning)}td small.differs span{display:block}td small.differs i{display:none}td[data-differs] button{box-shadow:inset 3px 0 0 var(--rtt-warning)}.explain .differs{color:var(--rtt-warning)}
.explain{padding:.2em .9em .6em}.explain p{margin:.4em 0}.explain .verdict strong{font-size:1.05em}
.verdict[data-verdict=allowed] strong{color:var(--rtt-allowed)}.verdict[data-verdict=disallowed] strong{color:var(--rtt-disallowed)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em;margin:.4em 0;font-size:.92em}dt{color:var(--rtt-muted)}dd{margin:0;overflow-wrap:anywhere}
code{font:13px var(--rtt-font-mono);background:var(--rtt-group-bg);padding:0 .25em;border-radius:3px}
.note{color:var(--rtt-warning)}
.notes{margin:0;padding:0;list-style:none}.notes li{padding:.35em .9em;border-bottom:1px solid var(--rtt-border);color:var(--rtt-warning)}
.notes li::before{content:"Note: ";font-weight:600}
.banner{padding:.5em .9em;background:var(--rtt-disallowed);color:var(--rtt-bg);font-weight:600}
.banner::before{content:"Expectation failed: "}
.lint{padding:.2em .9em .6em;border-top:1px solid var(--rtt-border)}.lint h3{font-size:1em;margin:.4em 0}
.lint ul{margin:0;padding-left:1.2em}.lint li{margin:.2em 0}.help{color:var(--rtt-muted)}
[data-severity=error] strong{color:var(--rtt-disallowed)}[data-severity=warning] strong{color:var(--rtt-warning)}
.bar{display:flex;justify-content:space-between;gap:1em;padding:.35em .9em;border-top:1px solid var(--rtt-border);font-size:.85em;color:var(--rtt-muted)}
a{color:var(--rtt-focus)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.failed .gridwrap,.failed .explain{display:none}
@container (max-width:680px){table,caption,tbody,tr,th,td{display:block}table{width:100%}thead{display:none}
tr{border:1px solid var(--rtt-border);margin:0 0 .6em}th,td{border:0}
th[scope=row]{max-width:none;white-space:normal;overflow-wrap:anywhere;background:var(--rtt-group-bg)}
td{display:flex;align-items:center;border-top:1px solid var(--rtt-border)}
td::before{content:attr(data-label);flex:1;padding:.25em .6em;font-weight:600;font-size:.9em;overflow-wrap:anywhere}
td button{width:auto;max-width:60%;white-space:normal;text-align:right}}
@media (forced-colors:active){.l[data-winning]{outline:2px solid CanvasText}td button[aria-current]{outline:2px solid Highlight}}
`;
