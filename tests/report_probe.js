/* report_probe.js — measures a report page's layout in the browser, for
 * tests/report_tests.sh (issue 40).  The test appends it to a copy of a
 * page, after the page's own script, and reads its findings from the
 * pre element (id probe) it writes, one "name=value" a line, in the DOM that
 * chromium --dump-dom prints.  It uses only what the page had before
 * issue 40 too (#msc-pane, .lane-name, .stmt, .hit[data-step], #heap-pane,
 * g.obj[data-name]), so the same checks run against the old page.
 * Optional: window.PROBE_OBJ, the heap object to look for at the error
 * step; PROBE_STEP, a step to click after that, and PROBE_STEP_OBJ, the
 * object to look for there (PROBE_OBJ if not given). */
(function () {
  const out = [];
  const put = (k, v) => out.push(k + '=' + v);
  const r = e => e.getBoundingClientRect();
  const pane = document.getElementById('msc-pane');
  /* inside: b's box lies within a's, to a pixel */
  const inside = (b, a) => b.left >= a.left - 1 && b.right <= a.right + 1 && b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  /* clipped: some ancestor up to the pane that clips (overflow other than
   * visible, an <svg> too) does not contain e's box */
  const clipped = e => {
    const b = r(e);
    for (let a = e.parentElement; a && a !== pane.parentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const clips = a.tagName.toLowerCase() === 'svg' || cs.overflowX !== 'visible';
      if (clips && a !== pane) {
        const ab = r(a);
        if (b.left < ab.left - 1 || b.right > ab.right + 1) return 1;
      }
    }
    return 0;
  };
  /* within the pane's scrollable width: reachable by scrolling sideways */
  const reach = e => {
    const pb = r(pane);
    return r(e).right - pb.left + pane.scrollLeft <= pane.scrollWidth + 1 ? 1 : 0;
  };
  if (pane) {
    const lanes = [...document.querySelectorAll('.lane-name')];
    const lastLane = lanes.reduce((m, e) => (!m || r(e).right > r(m).right ? e : m), null);
    put('lanes', lanes.length);
    put('scrolled', pane.scrollTop > 0 ? 1 : 0);
    if (lastLane) {
      put('last_lane_reachable', reach(lastLane));
      put('last_lane_clipped', clipped(lastLane));
      const pb = r(pane);
      const lb = r(lastLane);
      put('last_lane_top_visible', lb.top >= pb.top - 1 && lb.bottom <= pb.bottom + 1 ? 1 : 0);
    }
    const err = +document.body.dataset.errorStep;
    const stmts = document.querySelectorAll('#msc .stmt, #msc-pane .stmt');
    const st = stmts[err];
    if (st) {
      put('error_stmt', [...st.childNodes].filter(c => c.nodeType === 3 || c.tagName !== 'title').map(c => c.textContent).join('').replace(/\s+/g, ' '));
      put('error_stmt_reachable', reach(st));
      put('error_stmt_clipped', clipped(st));
    }
  }
  /* the page's text, without its scripts and style: "(0)" for a channel */
  const texts = [];
  const walk = n => {
    for (const c of n.childNodes) {
      if (c.nodeType === 3) texts.push(c.nodeValue);
      else if (c.nodeType === 1 && !/^(script|style|title)$/i.test(c.tagName) && c.id !== 'probe') walk(c);
    }
  };
  const chanRows = () => [...document.querySelectorAll('#vars-pane tr')].filter(tr => tr.closest('table').previousElementSibling &&
    tr.closest('table').previousElementSibling.textContent === 'channels').map(tr => tr.textContent.replace(/\s+/g, ' '));
  const heapVisible = (tag, obj) => {
    if (!obj) return;
    const g = document.querySelector('#heap g.obj[data-name="' + obj + '"]');
    if (!g) { put(tag + '_obj', 'missing'); return; }
    const box = r(g);
    const sc = g.closest('.scroll') || g.ownerSVGElement.parentElement;
    const detail = document.getElementById('detail') || document.body;
    const view = { left: Math.max(r(sc).left, r(detail).left, 0), right: Math.min(r(sc).right, r(detail).right, innerWidth),
      top: Math.max(r(sc).top, r(detail).top, 0), bottom: Math.min(r(sc).bottom, r(detail).bottom, innerHeight) };
    put(tag + '_obj_visible', inside(box, view) ? 1 : 0);
    put(tag + '_obj_class', g.getAttribute('class'));
  };
  walk(document.body);
  put('paren0', texts.join(' ').includes('(0)') ? 1 : 0);
  put('chan_rows', chanRows().join(' | '));
  heapVisible('error', window.PROBE_OBJ);
  if (window.PROBE_STEP !== undefined) {
    const hit = document.querySelector('.hit[data-step="' + window.PROBE_STEP + '"]');
    if (hit) hit.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    put('selected', document.body.dataset.selected);
    heapVisible('step', window.PROBE_STEP_OBJ || window.PROBE_OBJ);
  }
  const pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = '\n' + out.join('\n') + '\n';
  document.body.appendChild(pre);
})();
