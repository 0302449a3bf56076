/* page.js — the report's page, built from its JSON data (report/html.c
 * writes it; docs/report.md describes the page): the counterexample (the
 * message-sequence chart beside the selected step's statement, heap,
 * variables and source) and the run's summary.  The error step opens
 * first, or the step named in the address (#step=N).  Keys: arrows or
 * j/k step, Home/End, e the error step. */
(function () {
  const data = JSON.parse(document.getElementById('dspin-data').textContent);
  const steps = data.steps;
  const last = steps.length - 1;
  const body = document.body;
  /* a statement the front end kept no text for: its source line */
  const lines = data.files.map(f => (f.text || '').split('\n'));
  const withText = t => {
    if (t && t.text === '?' && lines[t.file] && lines[t.file][t.line - 1]) t.text = lines[t.file][t.line - 1].trim();
  };
  steps.forEach(st => [st, st.rv, st.claim].forEach(withText));
  /* a process's death names no statement, hence no proctype: its lane's */
  steps.forEach((st, k) => {
    const p = st.term && k ? steps[k - 1].s.p.find(q => q.pid === st.pid) : null;
    if (p) st.proc = p.name;
  });
  const cycleStart = steps.findIndex(st => st.cycle);
  let errorStep = steps.findIndex(st => st.err);
  if (errorStep < 0 && data.error) errorStep = last;
  body.dataset.steps = Math.max(last, 0);
  body.dataset.errorStep = errorStep;
  body.dataset.cycleStart = cycleStart;

  /* a resource bound (-heap, -calldepth) leaves a trail but no error */
  const bound = data.run && !data.run.errors;
  const errWord = bound ? 'incomplete: ' : 'error: ';
  const header = el('header', {}, body);
  el('h1', {}, header, 'dspin report: ' + data.model);
  const verdict = el('p', { class: 'verdict' }, header);
  if (data.error) {
    verdict.classList.add(bound ? 'warn' : 'bad');
    verdict.textContent = errWord + data.error + ' \u2014 ' + last + ' steps (trail ' + data.trail + ')';
    if (cycleStart >= 0) verdict.textContent += '; steps ' + cycleStart + ' to ' + last + ' repeat forever';
  } else if (data.run) {
    const r = data.run;
    verdict.classList.add(r.errors ? 'bad' : r.incomplete ? 'warn' : 'good');
    verdict.textContent = r.errors ? r.errors + ' error(s); no trail to show'
      : r.incomplete ? 'no errors found, but the search was incomplete (a bound was hit)' : 'no errors: the search was complete';
  }
  const tabs = el('nav', { class: 'tabs' }, header);
  const views = [];
  const addView = (name, node) => {
    const b = el('button', { type: 'button' }, tabs, name);
    views.push({ b, node });
    b.addEventListener('click', () => show(views.findIndex(v => v.b === b)));
  };
  const show = i => views.forEach((v, j) => {
    v.node.hidden = i !== j;
    v.b.classList.toggle('on', i === j);
  });

  /* ---- the counterexample ---- */
  let select = () => {};
  if (steps.length) {
    const main = el('main', { id: 'cx' }, body);
    addView('Counterexample', main);
    const mscPane = el('div', { id: 'msc-pane' }, main);
    const detail = el('div', { id: 'detail' }, main);
    const info = el('div', { id: 'step-info' }, detail);
    const nav = el('div', { class: 'nav' }, info);
    const prevB = el('button', { type: 'button', title: 'previous step (\u2191, k)' }, nav, '\u25b2');
    const title = el('span', { id: 'step-title' }, nav);
    const nextB = el('button', { type: 'button', title: 'next step (\u2193, j)' }, nav, '\u25bc');
    el('span', { class: 'keys' }, nav, '\u2191\u2193 / j k: step \u00b7 Home End \u00b7 e: error step');
    const stmt = el('div', { id: 'step-stmt' }, info);
    const note = el('div', { id: 'step-note' }, info);
    const heapPane = el('section', { id: 'heap-pane' }, detail);
    const cols = el('div', { class: 'cols' }, detail);
    const varsPane = el('section', { id: 'vars-pane' }, cols);
    const srcPane = el('section', { id: 'src-pane' }, cols);
    const src = buildSource(srcPane);
    const anyHeap = steps.some(st => st.s.h.length || heapRoots(st.s).length);
    let cur = 0;
    const msc = buildMsc(steps, errorStep, cycleStart, k => select(k));
    mscPane.appendChild(msc.node);
    select = k => {
      cur = Math.max(0, Math.min(last, k));
      const st = steps[cur];
      const prev = cur ? steps[cur - 1].s : null;
      body.dataset.selected = cur;
      msc.select(cur);
      title.textContent = cur ? 'Step ' + cur + ' of ' + last : 'Initial state (step 0 of ' + last + ')';
      showStatement(stmt, st);
      showNote(note, st, cur);
      heapPane.hidden = !anyHeap;
      heapPane.replaceChildren(el('h2', {}, null, 'Heap after step ' + cur));
      const scroll = el('div', { class: 'scroll' }, heapPane);
      if (st.s.h.length || heapRoots(st.s).length) {
        /* the objects the step concerns: highlighted, the first in view */
        const focus = heapFocus(st, st.s, prev);
        const svg = scroll.appendChild(drawHeap(st.s, prev, 'heap', new Set(focus)));
        body.dataset.focus = focus.join(' ');
        if (focus.length && !heapPane.hidden) heapScrollTo(scroll, svg, focus[0]);
      } else {
        el('p', { class: 'empty' }, scroll, 'no objects');
        delete body.dataset.focus;
      }
      const gone = heapCollected(st.s, prev);
      if (gone.length) el('p', { class: 'collected' }, heapPane, 'collected in this step: ' + gone.join(', '));
      showVars(varsPane, st.s, prev, st.pid);
      src.show(st);
      try {
        history.replaceState(null, '', '#step=' + cur);
      } catch (e) { /* a page opened from a file may not rewrite its address */ }
    };
    prevB.addEventListener('click', () => select(cur - 1));
    nextB.addEventListener('click', () => select(cur + 1));
    document.addEventListener('keydown', e => {
      if (main.hidden || e.ctrlKey || e.metaKey || e.altKey) return;
      const to = { ArrowDown: cur + 1, ArrowRight: cur + 1, j: cur + 1, ArrowUp: cur - 1, ArrowLeft: cur - 1, k: cur - 1,
        Home: 0, End: last, e: errorStep >= 0 ? errorStep : cur }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      select(to);
    });
  }

  /* ---- the run's summary ---- */
  if (data.run || data.largest) {
    const sum = el('section', { id: 'summary' }, body);
    addView('Run summary', sum);
    showSummary(sum);
  }
  tabs.hidden = views.length < 2;
  show(0);
  const asked = /step=(\d+)/.exec(location.hash);
  select(asked ? +asked[1] : errorStep >= 0 ? errorStep : 0);

  function where(file, line) {
    const f = data.files[file];
    return (f ? f.name : '?') + ':' + line;
  }

  function showStatement(box, st) {
    box.replaceChildren();
    const line = (who, t, cls) => {
      const p = el('p', { class: cls || '' }, box);
      el('span', { class: 'who' }, p, who);
      el('code', {}, p, t.text + (t.sel !== undefined ? ' = ' + t.sel : ''));
      el('span', { class: 'at' }, p, where(t.file, t.line));
    };
    if (st.pid === undefined && !st.claim) el('p', {}, box, 'Before the first step: every process at its start.');
    if (st.term) el('p', {}, box, 'process ' + st.pid + ' (' + procName(st.proc) + ') terminates');
    else if (st.pid !== undefined) line('process ' + st.pid + ' (' + procName(st.proc) + ')', st);
    if (st.rv) line('with process ' + st.rv.pid + ' (rendezvous)', st.rv, 'rv');
    if (st.claim) line('never claim', st.claim, 'claim');
  }

  function showNote(box, st, k) {
    box.replaceChildren();
    if (st.err) el('p', { class: 'error' }, box, errWord + st.err);
    else if (k === errorStep && data.error) {
      const why = { 'invalid end state': ': no process can move, and not every process is at an end' }[data.error] || '';
      el('p', { class: 'error' }, box, errWord + data.error + why);
    }
    if (cycleStart >= 0 && k >= cycleStart) {
      el('p', { class: 'cycle' }, box, 'in the cycle: steps ' + cycleStart + ' to ' + last +
        ' repeat forever (the state after step ' + last + ' is the state after step ' + (cycleStart - 1) + ')');
    }
  }

  /* a table of variables [name, text, ref]; before: key -> text of the
   * previous step (null: no previous step) */
  function varRows(table, vars, key, before) {
    for (const v of vars.filter(v => v[0][0] !== ':')) {
      const changed = before && before.get(key + v[0]) !== v[1];
      const tr = el('tr', { class: changed ? 'changed' : '' }, table);
      el('td', {}, tr, v[0]);
      el('td', {}, tr, v[1]);
    }
  }

  function varMap(snap) {
    const m = new Map();
    for (const v of snap.g) m.set('g.' + v[0], v[1]);
    for (const p of snap.p) {
      for (const v of p.v) m.set('p' + p.pid + '.' + v[0], v[1]);
      p.f.forEach((fr, d) => fr.v.forEach(v => m.set('p' + p.pid + '/' + d + '.' + v[0], v[1])));
    }
    for (const c of snap.c) m.set('c' + c.id, chanText(c.m));
    return m;
  }

  function showVars(pane, snap, prev, mover) {
    pane.replaceChildren(el('h2', {}, null, 'Variables'));
    const before = prev ? varMap(prev) : null;
    if (snap.g.some(v => v[0][0] !== ':')) {
      el('h3', {}, pane, 'globals');
      varRows(el('table', {}, pane), snap.g, 'g.', before);
    }
    for (const p of snap.p) {
      const h = el('h3', { class: p.pid === mover ? 'mover' : '' }, pane,
        'process ' + p.pid + ' (' + procName(p.name) + ') at line ' + p.line + (p.end ? ', at its end' : ''));
      if (prev && !prev.p.some(q => q.pid === p.pid && q.name === p.name)) h.classList.add('changed');
      const t = el('table', {}, pane);
      varRows(t, p.v, 'p' + p.pid + '.', before);
      p.f.forEach((fr, d) => {
        el('td', { colspan: 2, class: 'frame' }, el('tr', {}, t), 'in call ' + (d + 1) + ': ' + fr.fn + '()');
        varRows(t, fr.v, 'p' + p.pid + '/' + d + '.', before);
      });
    }
    if (snap.c.length) {
      el('h3', {}, pane, 'channels');
      const t = el('table', {}, pane);
      for (const c of snap.c) {
        const changed = before && before.get('c' + c.id) !== chanText(c.m);
        const tr = el('tr', { class: changed ? 'changed' : '' }, t);
        el('td', {}, tr, chanLabel(c));
        el('td', {}, tr, chanText(c.m));
      }
    }
  }

  /* the source files, one shown at a time, the step's line highlighted */
  function buildSource(pane) {
    const head = el('h2', {}, pane, 'Source');
    const box = el('div', { class: 'scroll' }, pane);
    const pres = data.files.map((f, i) => {
      const pre = el('pre', { class: 'src', 'data-file': f.name, hidden: '' }, box);
      if (f.text === null) pre.textContent = '(source not available)';
      else {
        f.text.replace(/\n$/, '').split('\n').forEach((t, n) => {
          const line = el('span', { class: 'ln', 'data-line': n + 1 }, pre);
          el('span', { class: 'no' }, line, String(n + 1));
          line.appendChild(document.createTextNode(t + '\n'));
        });
      }
      return pre;
    });
    let shown = -1;
    const open = i => {
      if (i < 0 || i === shown) return;
      pres.forEach((p, j) => { p.hidden = i !== j; });
      shown = i;
      head.textContent = 'Source: ' + data.files[i].name;
    };
    open(0);
    return {
      show(st) {
        box.querySelectorAll('.hl, .hl2').forEach(n => n.classList.remove('hl', 'hl2'));
        const mark = (t, cls) => {
          if (!t || t.file < 0) return null;
          const n = pres[t.file] && pres[t.file].querySelector('[data-line="' + t.line + '"]');
          if (n) n.classList.add(cls);
          return n;
        };
        const main = st.pid !== undefined && !st.term ? st : st.claim;
        if (main) open(main.file);
        const n = mark(main, 'hl');
        mark(st.rv, 'hl2');
        if (n) box.scrollTop = n.offsetTop - box.offsetTop - box.clientHeight / 2;
      },
    };
  }

  function showSummary(sec) {
    const r = data.run;
    if (r) {
      el('h2', {}, sec, 'The run');
      const t = el('table', { class: 'run' }, sec);
      const row = (k, v) => {
        const tr = el('tr', {}, t);
        el('th', {}, tr, k);
        el('td', {}, tr, String(v));
      };
      row('search', r.search);
      row('heap / process symmetry', r.sym);
      row('partial-order reduction', r.por);
      row('state vector', r.vector + ' bytes');
      row('depth reached', r.depth);
      row('errors', r.errors);
      row('states stored', r.stored);
      row('states matched', r.matched);
      row('transitions', r.transitions);
      row('atomic steps', r.atomic);
      row('objects in the largest heap', r.max_objects);
      row('memory', r.mem_mb + ' MB');
      row('time', r.secs + ' s');
      row('complete', r.incomplete ? 'no: ' + (r.incomplete === 1 ? 'depth bound' : 'memory bound') : 'yes');
      el('h2', {}, sec, 'What each reduction folded');
      const ul = el('ul', { class: 'folded' }, sec);
      if (!r.folded.length) el('li', {}, ul, 'no reduction ran on this model');
      for (const f of r.folded) {
        const li = el('li', {}, ul);
        el('b', {}, li, f[0] + ': ');
        li.appendChild(document.createTextNode(f[1]));
      }
    }
    if (data.largest) {
      el('h2', {}, sec, 'The largest heap (' + data.largest.h.length + ' objects, in a stored state)');
      el('div', { class: 'scroll' }, sec).appendChild(drawHeap(data.largest, null, 'largest'));
    } else if (r) el('p', {}, sec, 'No state with objects was stored.');
  }
})();
