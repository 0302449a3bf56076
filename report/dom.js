/* dom.js — helpers for building the report's page, HTML and SVG alike.
 * The page's script is dom.js, heap.js, msc.js and page.js, in this
 * order, in one <script> element (report/embed.cmake). */
'use strict';
const SVGNS = 'http://www.w3.org/2000/svg';

function setAttrs(e, attrs) {
  for (const k in attrs || {}) {
    if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
  }
  return e;
}

/* an HTML element, appended to parent when one is given */
function el(tag, attrs, parent, text) {
  const e = setAttrs(document.createElement(tag), attrs);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

function svgEl(tag, attrs, parent, text) {
  const e = setAttrs(document.createElementNS(SVGNS, tag), attrs);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

/* the width of text in the page's monospace font of size px */
function textWidth(s, px) {
  return s.length * px * 0.62 + 4;
}

/* a proctype's name for people: init and never for :init: and :never: */
function procName(name) {
  return name.replace(/^:(\w+):$/, '$1');
}

/* A channel's contents, the same wherever the page shows a channel (the
 * variables, a channel field in the heap, the chart's messages) and as
 * dspin -t prints them: each message in brackets, its fields comma
 * separated ("[1,2][3]"), "empty" for none.  report/snapshot.c writes a
 * channel field of an object in the same form. */
function msgText(m) {
  return '[' + m + ']';
}

function chanText(msgs) {
  return msgs.length ? msgs.map(msgText).join('') : 'empty';
}

/* a channel's name and size: "q (capacity 2)", "r (rendezvous)" */
function chanLabel(c) {
  return c.name + (c.cap ? ' (capacity ' + c.cap + ')' : ' (rendezvous)');
}

function clip(s, n) {
  return s.length > n ? s.slice(0, n - 1) + '\u2026' : s;
}

/* an arrowhead marker for an SVG, with an id of its own */
function arrowMarker(svg, id, cls) {
  const defs = svgEl('defs', {}, svg);
  const m = svgEl('marker', {
    id: id, viewBox: '0 0 10 10', refX: 9, refY: 5,
    markerWidth: 8, markerHeight: 8, markerUnits: 'userSpaceOnUse', orient: 'auto', class: cls,
  }, defs);
  svgEl('path', { d: 'M0,0 L10,5 L0,10 z' }, m);
  return 'url(#' + id + ')';
}
