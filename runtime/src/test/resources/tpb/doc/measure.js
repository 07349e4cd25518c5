// DocScreenshotTest injects this into a copy of a doc page. It measures the rendered page and
// writes what it found into a pre element with the id "measured", which the test reads from --dump-dom:
// the first line counts what was measured, every further line is one problem.
(function () {
  const problems = [];
  let labels = 0;
  for (const g of document.querySelectorAll('svg.layout g.field')) {
    const box = g.querySelector('rect').getBBox();
    const title = g.querySelector('title').textContent;
    const path = title.substring(0, title.indexOf(' +0x'));
    const name = path.substring(path.lastIndexOf('.') + 1);
    const texts = Array.from(g.querySelectorAll('text'));
    const shown = texts.map(t => t.textContent).join('');
    if (shown !== name) {
      problems.push('field ' + path + ' is labelled "' + shown + '", not its whole name "' + name + '"');
    }
    for (const t of texts) {
      labels++;
      const b = t.getBBox();
      if (b.x < box.x || b.y < box.y || b.x + b.width > box.x + box.width || b.y + b.height > box.y + box.height) {
        problems.push('field ' + path + ': label "' + t.textContent + '" at ' + [b.x, b.y, b.width, b.height].map(Math.round)
            + ' overflows its box at ' + [box.x, box.y, box.width, box.height].map(Math.round));
      }
    }
  }
  let cells = 0;
  for (const td of document.querySelectorAll('table.opmap td')) {
    const small = td.querySelector('small');
    if (!small) continue;
    cells++;
    if (td.scrollWidth > td.clientWidth || td.scrollHeight > td.clientHeight) {
      problems.push('opcode cell ' + td.textContent + ': content ' + td.scrollWidth + 'x' + td.scrollHeight
          + ' overflows ' + td.clientWidth + 'x' + td.clientHeight);
    }
    for (const node of small.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) {
        problems.push('opcode cell ' + td.textContent + ': the word "' + node.textContent + '" is broken across ' + lines.size + ' lines');
      }
    }
  }
  const out = document.createElement('pre');
  out.id = 'measured';
  out.textContent = 'labels ' + labels + ' cells ' + cells + (problems.length ? '\n' + problems.join('\n') : '');
  document.body.appendChild(out);
})();
