/* heap.js — one state's heap drawn as SVG.
 *
 * Roots (reference variables: globals, then each process's locals and
 * call frames in pid order, then channels holding references, the order
 * of dspin's mark phase) stand in the first column; a null one only in
 * the step that set it to null.  Objects are placed
 * breadth first from each root in turn, so a list hanging off a global is
 * one row however many locals point into it; an object's column is its
 * distance from the first root that reaches it.  Edges that jump columns
 * pass below the columns between; edges back to a column enter the
 * object's head from the right.
 * Against the previous step's state (prev, may be null) the drawing marks
 * what the step changed: new objects, fields with another value, roots
 * that point elsewhere; collected objects are listed under it. */
const HEAP = { font: 12, line: 17, pad: 6, colGap: 64, rowGap: 12 };

/* the reference variables of a state, each {key, label, ref} */
function heapRoots(snap) {
  const roots = [];
  const add = (key, label, ref) => roots.push({ key, label, ref });
  for (const v of snap.g) if (v[2] >= 0) add('g.' + v[0], v[0], v[2]);
  for (const p of snap.p) {
    const who = procName(p.name) + ':' + p.pid;
    for (const v of p.v) if (v[2] >= 0) add(who + '.' + v[0], who + ' ' + v[0], v[2]);
    p.f.forEach((fr, d) => {
      for (const v of fr.v) if (v[2] >= 0) add(who + '/' + d + '.' + v[0], who + ' ' + fr.fn + '() ' + v[0], v[2]);
    });
  }
  for (const c of snap.c) c.r.forEach((r, i) => add('c' + c.id + '.' + i, c.name + ' (message)', r));
  return roots;
}

/* columns and order: breadth first from each root in turn */
function heapColumns(snap, roots) {
  const objs = new Map(snap.h.map(o => [o.id, o]));
  const depth = new Map();
  const order = [];
  let from = 0;
  const visit = (id, d) => {
    if (!objs.has(id) || depth.has(id)) return;
    depth.set(id, d);
    order.push(id);
  };
  for (const r of roots) {
    visit(r.ref, 1);
    for (; from < order.length; from++) {
      const o = objs.get(order[from]);
      for (const f of o.f) if (f[2] > 0) visit(f[2], depth.get(o.id) + 1);
    }
  }
  const last = Math.max(0, ...depth.values()) + 1;
  for (const o of snap.h) visit(o.id, last);
  return { objs, depth, order };
}

function fieldText(f) {
  return f[0] + ' = ' + f[1];
}

/* Draw snap's heap into a new <svg>; prev: the state before (or null);
 * idp: a prefix for the SVG's ids; focus: the numbers of the objects to
 * highlight (the ones the step concerns), or null.  Returns the element. */
function drawHeap(snap, prev, idp, focus) {
  const prevRoots = prev ? new Map(heapRoots(prev).map(r => [r.key, r.ref])) : null;
  /* a null root only in the step that made it null */
  const roots = heapRoots(snap).filter(r => r.ref || (prevRoots && prevRoots.has(r.key) && prevRoots.get(r.key) !== 0));
  const { objs, depth, order } = heapColumns(snap, roots);
  const prevObjs = prev ? new Map(prev.h.map(o => [o.id, o])) : null;
  const px = HEAP.font;
  const svg = svgEl('svg', { class: 'heap', id: idp, 'data-objects': snap.h.length });
  const arrow = arrowMarker(svg, idp + '-arrow', 'edge-head');
  const arrowNew = arrowMarker(svg, idp + '-arrow-new', 'edge-head changed');
  /* boxes: roots in column 0, objects by depth */
  const cols = [];
  const box = new Map();
  let rootY = 0;
  let rootW = 0;
  for (const r of roots) rootW = Math.max(rootW, textWidth(r.label + (r.ref ? '' : ' = null'), px) + 18);
  const rootBox = roots.map(r => {
    const b = { x: 0, y: rootY, w: rootW, h: HEAP.line + 4 };
    rootY += b.h + 6;
    return b;
  });
  for (const id of order) {
    const o = objs.get(id);
    const d = depth.get(id);
    let w = textWidth(o.cls + '#' + o.id, px + 1);
    for (const f of o.f) w = Math.max(w, textWidth(fieldText(f), px) + 14);
    const b = { w: Math.max(w + 2 * HEAP.pad, 80), h: HEAP.line * (o.f.length + 1) + HEAP.pad, col: d };
    if (!cols[d]) cols[d] = { w: 0, y: 0 };
    b.y = cols[d].y;
    cols[d].y += b.h + HEAP.rowGap;
    cols[d].w = Math.max(cols[d].w, b.w);
    box.set(id, b);
  }
  const colX = [0];
  let x = roots.length ? rootW + HEAP.colGap : 0;
  for (let d = 1; d < cols.length; d++) {
    colX[d] = x;
    if (cols[d]) x += cols[d].w + HEAP.colGap;
  }
  for (const b of box.values()) b.x = colX[b.col];
  let height = rootY;
  for (const c of cols) if (c) height = Math.max(height, c.y);
  const width = Math.max(x - HEAP.colGap, rootW, 120);
  const margin = 8;
  setAttrs(svg, { width: width + 2 * margin, height: height + 2 * margin + 4,
    viewBox: [-margin, -margin, width + 2 * margin, height + 2 * margin + 4].join(' ') });
  const edges = svgEl('g', { class: 'edges' }, svg);
  /* an edge from column col at (x1, y1) to an object: a curve into the
   * object's head, passing below the columns it jumps over */
  const edge = (col, x1, y1, target, changed, label) => {
    const b = box.get(target);
    if (!b) return;
    const x2 = b.x;
    const y2 = b.y + HEAP.line / 2 + 2;
    let d = `M${x1},${y1} C${x1 + 30},${y1} ${x2 - 30},${y2} ${x2},${y2}`;
    if (b.col <= col) {
      /* back to this column or an earlier one: into the head's right side */
      const xr = b.x + b.w;
      d = `M${x1},${y1} C${x1 + 40},${y1} ${xr + 40},${y2} ${xr},${y2}`;
    } else if (b.col > col + 1) {
      let yc = Math.max(y1, y2);
      for (let c = col + 1; c < b.col; c++) if (cols[c]) yc = Math.max(yc, cols[c].y - HEAP.rowGap / 2);
      const h = HEAP.colGap / 2;
      d = `M${x1},${y1} C${x1 + h},${y1} ${x1 + h},${yc} ${x1 + HEAP.colGap},${yc} ` +
        `L${x2 - HEAP.colGap},${yc} C${x2 - h},${yc} ${x2 - h},${y2} ${x2},${y2}`;
    }
    const p = svgEl('path', { d, class: 'edge' + (changed ? ' changed' : ''), 'marker-end': changed ? arrowNew : arrow }, edges);
    svgEl('title', {}, p, label);
  };
  /* the roots */
  roots.forEach((r, i) => {
    const b = rootBox[i];
    const changed = prevRoots && prevRoots.get(r.key) !== r.ref;
    const g = svgEl('g', { class: 'root' + (changed ? ' changed' : '') + (r.ref ? '' : ' null'), 'data-name': r.label }, svg);
    svgEl('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 9 }, g);
    svgEl('text', { x: b.x + 8, y: b.y + b.h / 2 + 4 }, g, r.label + (r.ref ? '' : ' = null'));
    if (r.ref) edge(0, b.x + b.w, b.y + b.h / 2, r.ref, changed, r.label);
  });
  /* the objects */
  for (const id of order) {
    const o = objs.get(id);
    const b = box.get(id);
    const before = prevObjs ? prevObjs.get(id) : null;
    const fresh = prevObjs && (!before || before.cls !== o.cls);
    const name = o.cls + '#' + o.id;
    const focused = focus && focus.has(id);
    const g = svgEl('g', { class: 'obj' + (fresh ? ' new' : '') + (focused ? ' focus' : ''), 'data-name': name }, svg);
    svgEl('title', {}, g, name + (fresh ? ' (allocated in this step)' : '') + (focused ? ' (the step concerns it)' : ''));
    if (focused) svgEl('rect', { x: b.x - 4, y: b.y - 4, width: b.w + 8, height: b.h + 8, rx: 6, class: 'halo' }, g);
    svgEl('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 3, class: 'box' }, g);
    svgEl('rect', { x: b.x, y: b.y, width: b.w, height: HEAP.line + 2, rx: 3, class: 'head' }, g);
    svgEl('text', { x: b.x + HEAP.pad, y: b.y + HEAP.line - 3, class: 'cls' }, g, name + (fresh ? '  new' : ''));
    o.f.forEach((f, k) => {
      const y = b.y + HEAP.line * (k + 1) + 2;
      const changed = before && !fresh && before.f[k] && before.f[k][1] !== f[1];
      if (changed) svgEl('rect', { x: b.x + 1, y: y, width: b.w - 2, height: HEAP.line, class: 'changed' }, g);
      svgEl('text', { x: b.x + HEAP.pad, y: y + HEAP.line - 4, class: 'field' + (changed ? ' changed' : '') }, g, fieldText(f));
      if (f[2] > 0) {
        svgEl('circle', { cx: b.x + b.w - 7, cy: y + HEAP.line / 2, r: 3, class: 'dot' }, g);
        edge(b.col, b.x + b.w - 4, y + HEAP.line / 2, f[2], changed || fresh, name + '.' + f[0]);
      }
    });
  }
  return svg;
}

/* the objects in prev that are gone from snap (collected, or renumbered) */
function heapCollected(snap, prev) {
  if (!prev) return [];
  const now = new Map(snap.h.map(o => [o.id, o.cls]));
  return prev.h.filter(o => now.get(o.id) !== o.cls).map(o => o.cls + '#' + o.id);
}

/* The objects a step concerns, the ones the page highlights and scrolls
 * to (the first of them): first the ones it changed, then the ones its
 * statement names.  Changed: the objects the step allocated or whose
 * fields it wrote, and those a root it moved now points to.  Named: every
 * reference path in the statement's text (p, p.next.key, head.next.next)
 * followed from a variable of the moving process (its innermost call
 * frame first, then its locals) or a global, field by field while the
 * fields are references, in the state the statement ran in (the state
 * before the step); the last object reached is the one concerned (for
 * p.key, p's object; for a null dereference of head.next.next.key, the
 * object whose next is null; not a variable assigned to, n in n = ...).  At the error step nothing changed (the
 * state shown is the one the failing statement ran in), so the objects
 * are those its statement names.  st: the step; snap, prev: the states
 * after and before it (prev null for the initial state). */
function heapFocus(st, snap, prev) {
  const named = [];
  const changed = [];
  const add = (list, id) => { if (id > 0 && !named.includes(id) && !changed.includes(id)) list.push(id); };
  const texts = [];
  if (st.pid !== undefined && !st.term && st.text) texts.push([st.pid, st.text]);
  if (st.rv && st.rv.text) texts.push([st.rv.pid, st.rv.text]);
  if (prev) {
    const before = new Map(prev.h.map(o => [o.id, o]));
    for (const o of snap.h) {
      const b = before.get(o.id);
      if (!b || b.cls !== o.cls || o.f.some((f, k) => !b.f[k] || b.f[k][1] !== f[1])) add(changed, o.id);
    }
    const was = new Map(heapRoots(prev).map(r => [r.key, r.ref]));
    for (const r of heapRoots(snap)) if (r.ref > 0 && was.get(r.key) !== r.ref) add(changed, r.ref);
  }
  const s = prev || snap;
  {
    const objs = new Map(s.h.map(o => [o.id, o]));
    for (const [pid, text] of texts) {
      const p = s.p.find(q => q.pid === pid);
      const scopes = p ? [...p.f.map(fr => fr.v).reverse(), p.v, s.g] : [s.g];
      const lookup = name => {
        for (const vs of scopes) {
          const v = vs.find(x => x[0] === name);
          if (v) return v;
        }
        return null;
      };
      /* a variable assigned to (n = new Node) is not read: its old object is not concerned */
      const bare = /^\s*([A-Za-z_]\w*)\s*=(?!=)/.exec(text);
      for (const m of text.replace(/"(?:[^"\\]|\\.)*"/g, '').matchAll(/[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*/g)) {
        if (bare && m.index === text.indexOf(bare[1])) continue;
        const path = m[0].split('.').map(x => x.trim());
        let v = lookup(path[0]);
        if (!v || !(v[2] > 0)) continue;
        let id = v[2];
        for (const f of path.slice(1)) {
          const o = objs.get(id);
          const fv = o && o.f.find(x => x[0] === f);
          if (!fv || !(fv[2] > 0)) break;
          id = fv[2];
        }
        if (objs.has(id) && snap.h.some(o => o.id === id)) add(named, id);
      }
    }
  }
  return changed.concat(named);
}

/* scroll the drawing's box (an element with overflow) so that the object
 * numbered id is in view, in the middle when it was not */
function heapScrollTo(box, svg, id) {
  const g = [...svg.querySelectorAll('g.obj')].find(n => n.dataset.name.endsWith('#' + id));
  if (!g) return;
  const b = box.getBoundingClientRect();
  const r = g.getBoundingClientRect();
  if (r.left < b.left || r.right > b.right) box.scrollLeft += r.left - b.left - Math.max(0, (box.clientWidth - r.width) / 2);
  if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - Math.max(0, (box.clientHeight - r.height) / 2);
}
