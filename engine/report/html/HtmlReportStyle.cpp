#include "report/html/HtmlReportParts.h"

namespace ptriage::htmlreport {

// Light and dark through variables; class colors are the window's (report/Palette.h), written as
// classes by HtmlReport.cpp. Print: light, no filters, cards whole on a page where they fit.
const std::string &styleSheet()
{
    static const std::string css = R"css(
:root{color-scheme:light dark;--bg:#fdfdfc;--fg:#1d1d1f;--muted:#5f6368;--line:#d9d9de;--panel:#f3f3f5;--link:#0b57d0;--bar:#6b7280}
@media (prefers-color-scheme:dark){:root{--bg:#16171a;--fg:#e6e6e9;--muted:#a0a4ab;--line:#3a3c42;--panel:#222429;--link:#8ab4f8;--bar:#9aa0a6}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1400px;padding:16px 24px;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,"DejaVu Sans",sans-serif}
a{color:var(--link)}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px;margin:0 0 6px}h4{font-size:13px;margin:12px 0 4px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.muted{color:var(--muted)}.note{background:var(--panel);border-left:4px solid var(--muted);padding:6px 10px;margin:8px 0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:10px 0}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
ul#class-counts{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px}ul#class-counts li{border:1px solid var(--line);border-radius:6px;padding:4px 10px;background:var(--panel)}ul#class-counts .count{font-weight:700;font-size:18px;margin-right:6px}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border-bottom:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}th{background:var(--panel);position:sticky;top:0}
td.num,th.num,#process-table td:nth-child(1),#process-table td:nth-child(n+6):not(:nth-child(7)){text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.sortable th{cursor:pointer;user-select:none}.sortable th[aria-sort=ascending]::after{content:" ▲"}.sortable th[aria-sort=descending]::after{content:" ▼"}
code,.cmd{font-family:"DejaVu Sans Mono",monospace;font-size:12px;overflow-wrap:anywhere;white-space:pre-wrap}
.args{color:var(--muted);font-family:"DejaVu Sans Mono",monospace;font-size:12px;overflow-wrap:anywhere}
.cls{font-weight:600;padding:0 4px;border-radius:3px;white-space:nowrap}
.cls-useful{color:#1b5e20;background:#e8f5e9}.cls-useful_bad{color:#7a4300;background:#ffecb3}.cls-abandoned{color:#8e1b1b;background:#ffcdd2}.cls-zombie{color:#4a126b;background:#e1bee7}
.card{border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin:14px 0;background:var(--bg);break-inside:avoid-page}
.card-grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px 24px}@media (max-width:900px){.card-grid{grid-template-columns:1fr}}
svg.bar{display:block;width:100%;height:12px;background:var(--panel)}svg.bar.signed{background:linear-gradient(90deg,transparent calc(50% - 1px),var(--muted) calc(50% - 1px),var(--muted) calc(50% + 1px),transparent calc(50% + 1px)),var(--panel)}
td.barcell{width:34%;min-width:120px}
.chosen{font-weight:700}.chosen td:first-child::before{content:"▶ "}
.ruled-out{color:var(--muted);text-decoration:line-through}
svg.blast{display:block;max-width:100%;height:auto;margin:0 auto;border:1px solid var(--line);border-radius:6px;background:var(--panel)}
svg.blast text{fill:var(--fg);font:11px system-ui,"DejaVu Sans",sans-serif}svg.blast .edge{stroke:var(--muted);stroke-width:1.2}svg.blast .why{fill:var(--muted);font-size:10px}svg.blast .res{fill:var(--bg);stroke:var(--muted);stroke-width:1.5}svg.blast .center{font-weight:700}
details>summary{cursor:pointer;font-weight:600;margin:6px 0}
details.cmdline{display:inline}details.cmdline>summary{display:inline;list-style:none;font-weight:400;margin:0}details.cmdline>summary::after{content:" [+]";color:var(--link)}details.cmdline[open]>summary{display:none}details.cmdline>summary:focus-visible{outline:2px solid var(--link)}
table.members{width:auto}table.members td,table.members th{padding:1px 10px}
.filters{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}.filters input{font:inherit;padding:3px 6px;min-width:22em;background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:4px}
.filters button{font:inherit;border:1px solid var(--line);border-radius:12px;padding:1px 10px;background:var(--panel);color:var(--fg);cursor:pointer}.filters button[aria-pressed=false]{opacity:.45;text-decoration:line-through}
tr[hidden]{display:none}
footer{margin-top:32px;color:var(--muted);font-size:12px}
@media print{:root{--bg:#fff;--fg:#000;--panel:#f2f2f2;--line:#bbb;--muted:#444}body{max-width:none;padding:0;font-size:11px}.filters{display:none}th{position:static}
.card{break-inside:avoid-page;page-break-inside:avoid}h2{break-after:avoid-page}tr{break-inside:avoid}a{color:inherit;text-decoration:none}}
)css";
    return css;
}

// Sorting (click a header; Enter on it) and filtering (text, classes). The page is complete
// without it; words come from data- attributes the generator translated.
const std::string &script()
{
    static const std::string js = R"js(
(function () {
  'use strict';
  function cellKey(row, col, numeric) {
    var td = row.cells[col];
    if (!td) return numeric ? -Infinity : '';
    var v = td.getAttribute('data-value');
    if (numeric) {
      var n = parseFloat(v !== null ? v : td.textContent);
      return isNaN(n) ? -Infinity : n;
    }
    return (v !== null ? v : td.textContent).toLowerCase();
  }
  function sortBy(table, th) {
    var col = th.cellIndex, numeric = th.getAttribute('data-type') === 'number';
    var current = th.getAttribute('aria-sort');
    var dir = current ? (current === 'ascending' ? 'descending' : 'ascending') : (numeric ? 'descending' : 'ascending');
    Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', dir);
    var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows), sign = dir === 'ascending' ? 1 : -1;
    rows.sort(function (a, b) {
      var x = cellKey(a, col, numeric), y = cellKey(b, col, numeric);
      var c = numeric ? (x < y ? -1 : x > y ? 1 : 0) : String(x).localeCompare(String(y));
      return c * sign;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), function (table) {
    if (!table.tHead || !table.tBodies.length) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
      th.tabIndex = 0;
      th.addEventListener('click', function () { sortBy(table, th); });
      th.addEventListener('keydown', function (e) { if (e.key === 'Enter') sortBy(table, th); });
    });
  });
  var table = document.getElementById('candidate-table');
  if (!table) return;
  var bar = document.createElement('div');
  bar.className = 'filters';
  var input = document.createElement('input');
  input.type = 'search';
  input.id = 'candidate-filter';
  input.placeholder = table.getAttribute('data-filter-label') || '';
  input.setAttribute('aria-label', input.placeholder);
  bar.appendChild(input);
  var shown = {};
  Array.prototype.forEach.call(document.querySelectorAll('#class-counts li'), function (li) {
    var cls = li.getAttribute('data-class');
    shown[cls] = true;
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'class-filter';
    b.setAttribute('data-class', cls);
    b.setAttribute('aria-pressed', 'true');
    b.textContent = li.getAttribute('data-label');
    b.addEventListener('click', function () {
      shown[cls] = !shown[cls];
      b.setAttribute('aria-pressed', String(shown[cls]));
      apply();
    });
    bar.appendChild(b);
  });
  function apply() {
    var q = input.value.trim().toLowerCase();
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var text = (row.getAttribute('data-pid') + ' ' + row.textContent).toLowerCase();
      row.hidden = !(shown[row.getAttribute('data-class')] !== false && (!q || text.indexOf(q) >= 0));
    });
  }
  input.addEventListener('input', apply);
  table.parentNode.insertBefore(bar, table);
})();
)js";
    return js;
}

} // namespace ptriage::htmlreport
