/* msc.js — the schedule as a message-sequence chart: one lane per
 * process (pid), a row per step, the moving process's statement as a dot
 * on its lane, a rendezvous as an arrow within its row, and a buffered
 * message as an arrow from the step that sent it to the step that took it
 * out of its channel.  Which message a step sent or received is read off
 * the states: the channel's contents before and after the step (a send
 * adds one message, at the end or, for a sorted send, where the contents
 * first differ; a receive removes one, from the front or, for a random
 * receive, where they first differ).  Sends are queued per channel beside
 * its messages, so each receive is matched with the step that sent that
 * message. */
const MSC = { row: 22, head: 38, stepW: 44, laneMin: 84, font: 12 };

/* pid -> lane, with the names of the proctypes that used the pid */
function mscLanes(steps) {
  const lanes = new Map();
  for (const st of steps) {
    for (const p of st.s.p) {
      if (!lanes.has(p.pid)) lanes.set(p.pid, { pid: p.pid, names: [] });
      const l = lanes.get(p.pid);
      if (!l.names.includes(procName(p.name))) l.names.push(procName(p.name));
    }
  }
  return [...lanes.values()].sort((a, b) => a.pid - b.pid);
}

function firstDiff(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/* the messages: {from: {step, pid}, to: {step, pid} or null, chan, text} */
function mscMessages(steps) {
  const queues = new Map();
  const msgs = [];
  for (let k = 1; k < steps.length; k++) {
    const mover = steps[k].pid;
    if (mover === undefined) continue;
    const before = new Map(steps[k - 1].s.c.map(c => [c.id, c]));
    for (const c of steps[k].s.c) {
      const was = before.has(c.id) ? before.get(c.id).m : [];
      const q = queues.get(c.id) || [];
      while (q.length < was.length) q.unshift(null);
      queues.set(c.id, q);
      if (c.m.length === was.length + 1) {
        const at = firstDiff(was, c.m);
        const m = { from: { step: k, pid: mover }, to: null, chan: c.name, text: c.m[at] };
        q.splice(at, 0, m);
        msgs.push(m);
      } else if (c.m.length === was.length - 1) {
        let at = firstDiff(was, c.m);
        while (at > 0 && was[at - 1] === was[at]) at--;    /* equal messages: the oldest */
        const m = q.splice(at, 1)[0];
        if (m) m.to = { step: k, pid: mover };
      } else if (c.m.length !== was.length) {
        q.length = c.m.length;    /* several at once (d_step): not drawn */
      }
    }
  }
  return msgs;
}

function stepText(st) {
  if (st.pid === undefined) return st.n ? (st.claim ? 'claim: ' + st.claim.text : '') : 'initial state';
  let t = procName(st.proc) + ':' + st.pid + '  ' + (st.term ? 'terminates' : st.text);
  if (st.sel !== undefined) t += ' = ' + st.sel;
  if (st.rv) t += '  \u21c4 ' + st.rv.pid + ' ' + st.rv.text;
  return t;
}

/* Build the chart for data.steps; onSelect(k) is called on a click.
 * Returns {node, select(k)}: node holds the lane header (an <svg> of its
 * own, sticky at the top of the scrolling pane, so the lanes stay
 * labelled at any step) above the rows' <svg>.  Both are as wide as the
 * lanes (MSC.laneMin each at least, wider for long proctype names) and
 * the statement column after them, which holds each statement in full;
 * the pane scrolls sideways when the chart is wider. */
function buildMsc(steps, errorStep, cycleStart, onSelect) {
  const lanes = mscLanes(steps);
  const laneOf = new Map();
  let laneW = MSC.laneMin;
  lanes.forEach((l, i) => {
    laneOf.set(l.pid, i);
    laneW = Math.max(laneW, textWidth(l.names.join('/'), MSC.font) + 10);
  });
  const laneX = pid => MSC.stepW + laneW * (laneOf.get(pid) + 0.5);
  const rowY = k => MSC.row * k + MSC.row / 2;
  const textX = MSC.stepW + laneW * lanes.length + 12;
  let textW = 0;
  for (const st of steps) textW = Math.max(textW, textWidth(stepText(st), MSC.font));
  const width = Math.ceil(textX + textW + 10);
  const height = MSC.row * steps.length + 8;
  const node = el('div', { class: 'msc-chart', style: 'width:' + width + 'px' });
  const headBox = el('div', { class: 'msc-head' }, node);
  const head = svgEl('svg', { id: 'msc-lanes', class: 'msc', width, height: MSC.head, viewBox: `0 0 ${width} ${MSC.head}` }, headBox);
  const svg = svgEl('svg', { id: 'msc', class: 'msc', width, height, viewBox: `0 0 ${width} ${height}`, 'data-steps': steps.length - 1 }, node);
  const arrow = arrowMarker(svg, 'msc-arrow', 'msg-head');
  const rowBand = (k, n, cls) => svgEl('rect', { x: 0, y: MSC.row * k, width, height: MSC.row * n, class: cls }, svg);
  if (cycleStart >= 0) rowBand(cycleStart, steps.length - cycleStart, 'cycle');
  if (errorStep >= 0) rowBand(errorStep, 1, 'error-row');
  if (cycleStart >= 0) {
    const y1 = rowY(steps.length - 1) + MSC.row / 2 - 3;
    const y2 = Math.max(rowY(cycleStart) - MSC.row / 2 + 3, 3);
    const cyc = arrowMarker(svg, 'msc-cycle-arrow', 'cycle-head');
    const back = svgEl('path', { d: `M16,${y1} L5,${y1} L5,${y2} L18,${y2}`, class: 'cycle-back', 'marker-end': cyc }, svg);
    svgEl('title', {}, back, 'the cycle: after the last step the run continues with step ' + cycleStart);
  }
  /* lane heads and lifelines */
  svgEl('text', { x: MSC.stepW - 8, y: 29, class: 'step-no' }, head, 'step');
  svgEl('text', { x: textX, y: 29, class: 'stmt-head' }, head, 'statement');
  lanes.forEach(l => {
    const x = laneX(l.pid);
    svgEl('text', { x, y: 14, class: 'lane-pid' }, head, 'pid ' + l.pid);
    svgEl('text', { x, y: 29, class: 'lane-name' }, head, l.names.join('/'));
    let start = -1;
    for (let k = 0; k <= steps.length; k++) {
      const alive = k < steps.length && steps[k].s.p.some(p => p.pid === l.pid);
      if (alive && start < 0) start = k;
      if (!alive && start >= 0) {
        svgEl('line', { x1: x, x2: x, y1: rowY(start) - MSC.row / 2, y2: rowY(k - 1) + MSC.row / 2, class: 'lifeline' }, svg);
        start = -1;
      }
    }
  });
  /* messages */
  for (const m of mscMessages(steps)) {
    const x1 = laneX(m.from.pid);
    const y1 = rowY(m.from.step);
    const line = m.to
      ? svgEl('line', { x1, y1, x2: laneX(m.to.pid), y2: rowY(m.to.step), class: 'msg', 'marker-end': arrow }, svg)
      : svgEl('line', { x1, y1, x2: x1 + laneW / 2, y2: y1 + MSC.row, class: 'msg pending', 'marker-end': arrow }, svg);
    svgEl('title', {}, line, `${m.chan}: ${msgText(m.text)} sent in step ${m.from.step}` + (m.to ? `, received in step ${m.to.step}` : ', never received'));
    svgEl('text', { x: x1 + 6, y: y1 - 4, class: 'msg-label' }, svg, clip(msgText(m.text), 14));
  }
  /* the steps */
  steps.forEach((st, k) => {
    const y = rowY(k);
    svgEl('text', { x: MSC.stepW - 8, y: y + 4, class: 'step-no' }, svg, String(k));
    if (st.rv) {
      const l = svgEl('line', { x1: laneX(st.pid), y1: y, x2: laneX(st.rv.pid), y2: y, class: 'msg rendezvous', 'marker-end': arrow }, svg);
      svgEl('title', {}, l, 'rendezvous: ' + st.text + ' / ' + st.rv.text);
      svgEl('circle', { cx: laneX(st.rv.pid), cy: y, r: 4, class: 'dot' }, svg);
    }
    if (st.pid !== undefined && laneOf.has(st.pid)) {
      if (st.term) svgEl('path', { d: `M${laneX(st.pid) - 5},${y - 5} l10,10 m0,-10 l-10,10`, class: 'end' }, svg);
      else svgEl('circle', { cx: laneX(st.pid), cy: y, r: 5, class: 'dot' + (k === errorStep ? ' error' : '') }, svg);
    }
    const t = svgEl('text', { x: textX, y: y + 4, class: 'stmt' }, svg, stepText(st));
    if (st.line) svgEl('title', {}, t, stepText(st) + '  (line ' + st.line + ')');
  });
  const sel = rowBand(0, 1, 'sel');
  /* click targets over whole rows, last so that they are on top */
  steps.forEach((st, k) => {
    const r = rowBand(k, 1, 'hit');
    r.setAttribute('data-step', k);
    r.addEventListener('click', () => onSelect(k));
  });
  return {
    node,
    select(k) {
      sel.setAttribute('y', MSC.row * k);
      const pane = node.parentNode;
      if (pane) {
        /* the row's place in the pane, below the sticky lane header */
        const y = MSC.head + MSC.row * k;
        if (y < pane.scrollTop + MSC.head || y > pane.scrollTop + pane.clientHeight - 2 * MSC.row) {
          pane.scrollTop = y - pane.clientHeight / 2;
        }
        /* and sideways to the moving process's lane when it is out of view */
        const st = steps[k];
        if (st && st.pid !== undefined && laneOf.has(st.pid)) {
          const x = laneX(st.pid);
          if (x < pane.scrollLeft + MSC.stepW || x > pane.scrollLeft + pane.clientWidth - laneW / 2) {
            pane.scrollLeft = x - pane.clientWidth / 2;
          }
        }
      }
    },
  };
}
