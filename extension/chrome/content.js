// Content script, part 3: the extension on a page. The first click on the
// toolbar button serializes the page, has the service worker run the model
// on it (in the offscreen document's worker) and highlights the kept
// blocks; later clicks hide and show the highlight. Everything stays in the
// browser: the page goes to the extension's own worker and nowhere else.
//
// Label mode (the panel's Label button) starts from the model's verdicts:
// the user sets each block's label (content, headline, comments or
// boilerplate) with the mouse and keys, and Save downloads the page as a
// dataset entry (see background.js). Label mode listens to the page's
// mouse and keys only while it is on.
//
// globalThis.boilernet (in the extension's isolated world, which the page
// cannot see) holds the state, for the toolbar button and for tests.
'use strict';

(() => {
  const {serialize, locate} = globalThis.boilernetLocate;
  const HIGHLIGHTS = ['boilernet-content', 'boilernet-headline'];

  const state = {
    phase: 'idle', // idle, running, done, error
    shown: false, // the panel and the highlight are on the page
    highlighted: false, // the highlight is on
    html: '', // the page as sent
    response: null, // the extraction: title, text, markdown, blocks, …
    stats: null, // locate's counts
    millis: null, // serialize, extract (worker), round trip, locate, total
    error: '',
    copied: null, // {kind, chars, how} of the last copy
    runs: 0,
    // Label mode: on, a label a block (boilerplate, content, headline,
    // comments), the cursor's block, the blocks not on the live page, and
    // the last save's answer or error.
    labeling: false,
    labels: null,
    cursor: -1,
    missing: 0,
    saving: false,
    saved: null,
    saveError: '',
  };
  let panel = null;
  let found = null; // {content, headline} ranges

  // run extracts the page as it is now and highlights the result.
  async function run() {
    state.phase = 'running';
    state.runs++;
    ensurePanel().setBusy(true);
    panel.setStatus('Extracting…');
    const t0 = performance.now();
    try {
      const html = serialize(document, panel.tag);
      const t1 = performance.now();
      const response = await chrome.runtime.sendMessage({type: 'extract', request: {html, url: location.href}});
      const t2 = performance.now();
      if (!response || response.error) {
        throw new Error(response ? response.error : 'no answer from the extension');
      }
      found = locate(document, response.blocks);
      const t3 = performance.now();
      Object.assign(state, {html, response, markdown: '', stats: found.stats, error: '', phase: 'done'});
      state.millis = {serialize: t1 - t0, extract: response.workerMillis, roundTrip: t2 - t1, locate: t3 - t2, total: t3 - t0};
      setHighlighted(true);
      panel.setStatus(summary());
    } catch (err) {
      Object.assign(state, {phase: 'error', error: String(err && err.message ? err.message : err)});
      setHighlighted(false);
      panel.setStatus('Failed: ' + state.error, true);
    } finally {
      panel.setBusy(false);
    }
  }

  // summary is the panel's status line.
  function summary() {
    const s = state.stats;
    const r = state.response;
    let text = `${s.kept - s.missing - s.hidden} of ${r.blocks.length} blocks kept`;
    if (s.missing > 0) {
      text += ` (${s.missing} not found on the live page)`;
    }
    if (s.hidden > 0) {
      text += ` (${s.hidden} in text the page does not show, not highlighted)`;
    }
    text += ` · ${Math.round(state.millis.total)} ms`;
    if (r.kept === 0) {
      text = 'No main content found on this page.';
    }
    return text;
  }

  function setHighlighted(on) {
    for (const name of HIGHLIGHTS) {
      CSS.highlights.delete(name);
    }
    if (on && found) {
      CSS.highlights.set(HIGHLIGHTS[0], new Highlight(...found.content));
      CSS.highlights.set(HIGHLIGHTS[1], new Highlight(...found.headline));
    }
    state.highlighted = on && !!found;
    if (panel) {
      panel.setHighlighted(state.highlighted);
    }
  }

  function setShown(on) {
    if (!on) {
      stopLabeling();
    }
    state.shown = on;
    ensurePanel().setVisible(on);
    setHighlighted(on);
  }

  // copy puts the article on the clipboard: the title, a blank line and
  // the text (or Markdown, the title as a heading).
  async function copy(kind) {
    const r = state.response;
    if (!r) {
      return;
    }
    if (kind === 'markdown' && !state.markdown) {
      // The Markdown is made only when asked: the page as extracted
      // (state.html), extracted again with it.
      const m = await chrome.runtime.sendMessage({type: 'extract', request: {html: state.html, url: location.href, markdown: true}});
      if (!m || m.error) {
        panel.setStatus('Failed: ' + (m ? m.error : 'no answer from the extension'), true);
        return;
      }
      state.markdown = m.markdown;
    }
    let text = kind === 'markdown' ? state.markdown : r.text;
    if (r.title) {
      text = (kind === 'markdown' ? '# ' + r.title.replace(/\s+/g, ' ') : r.title) + '\n\n' + text;
    }
    let how = 'clipboard';
    try {
      await navigator.clipboard.writeText(text);
    } catch (err) {
      how = copyWithSelection(text) ? 'execCommand' : 'failed';
    }
    state.copied = {kind, chars: text.length, how, text};
    panel.setStatus(how === 'failed' ? 'Could not copy to the clipboard.' : `Copied ${kind === 'markdown' ? 'Markdown' : 'text'} (${text.length} characters).`, how === 'failed');
  }

  // copyWithSelection copies through a selected textarea, for pages that
  // are not secure contexts (no navigator.clipboard).
  function copyWithSelection(text) {
    const area = document.createElement('textarea');
    area.value = text;
    panel.root.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } finally {
      area.remove();
    }
    return ok;
  }

  function ensurePanel() {
    if (!panel) {
      panel = globalThis.boilernetPanel.create({
        close: () => {
          stopLabeling();
          setShown(false);
        },
        toggle: () => setHighlighted(!state.highlighted),
        copyText: () => copy('text'),
        copyMarkdown: () => copy('markdown'),
        rerun: () => {
          stopLabeling();
          return run();
        },
        options: () => chrome.runtime.sendMessage({type: 'options'}),
        label: () => (state.labeling ? stopLabeling() : startLabeling()),
        save: () => saveLabels(),
      });
    }
    return panel;
  }

  // onAction is the toolbar button: run on the first click, then hide and
  // show.
  function onAction() {
    if (state.phase === 'idle') {
      state.shown = true;
      return run();
    }
    if (state.phase === 'running') {
      return undefined;
    }
    setShown(!state.shown);
    return undefined;
  }

  // ---- Label mode ----

  const LABEL_HIGHLIGHTS = {content: 'boilernet-content', headline: 'boilernet-headline', comments: 'boilernet-comments'};
  let ranges = null; // each block's range on the live page, or null
  let nodeBlock = null; // text node → block index
  let anchor = -1; // where a Shift-click or Shift-arrow range starts
  let drag = null; // {from, label, before} while the mouse is down

  function startLabeling() {
    if (state.phase !== 'done' || state.labeling) {
      return;
    }
    const blocks = state.response.blocks;
    const all = locate(document, blocks, true);
    ranges = all.byBlock;
    nodeBlock = new Map();
    ranges.forEach((r, i) => {
      if (!r) {
        return;
      }
      for (let n = r.startContainer; n; n = n.nextSibling) {
        nodeBlock.set(n, i);
        if (n === r.endContainer) {
          break;
        }
      }
    });
    state.labels = blocks.map((b) => (b.headline ? 'headline' : b.content ? 'content' : 'boilerplate'));
    state.missing = ranges.filter((r) => !r).length;
    state.cursor = ranges.findIndex((r) => r);
    anchor = state.cursor;
    state.labeling = true;
    state.saved = null;
    state.saveError = '';
    setHighlighted(false);
    for (const type of ['mousedown', 'mousemove', 'mouseup', 'click', 'keydown']) {
      window.addEventListener(type, onLabelEvent, true);
    }
    panel.setLabeling(true);
    unfocusPanel();
    paintLabels();
  }

  function stopLabeling() {
    if (!state.labeling) {
      return;
    }
    for (const type of ['mousedown', 'mousemove', 'mouseup', 'click', 'keydown']) {
      window.removeEventListener(type, onLabelEvent, true);
    }
    state.labeling = false;
    drag = null;
    for (const name of [...Object.values(LABEL_HIGHLIGHTS), 'boilernet-cursor']) {
      CSS.highlights.delete(name);
    }
    panel.setLabeling(false);
    setHighlighted(true);
    panel.setStatus(summary());
  }

  // unfocusPanel moves the focus from the panel's buttons back to the
  // page, so that label mode's keys reach it (not the name field).
  function unfocusPanel() {
    const f = panel.root.activeElement;
    if (f && f.tagName === 'BUTTON') {
      f.blur();
    }
  }

  // paintLabels draws the labels and the cursor and updates the counts.
  function paintLabels() {
    const sets = {content: [], headline: [], comments: []};
    let kept = 0;
    let words = 0;
    const n = {headline: 0, comments: 0};
    state.labels.forEach((l, i) => {
      if (l === 'content' || l === 'headline') {
        kept++;
        words += state.response.blocks[i].text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      }
      if (l in n) {
        n[l]++;
      }
      if (ranges[i] && sets[l]) {
        sets[l].push(ranges[i]);
      }
    });
    for (const [l, name] of Object.entries(LABEL_HIGHLIGHTS)) {
      CSS.highlights.set(name, new Highlight(...sets[l]));
    }
    const cursor = ranges[state.cursor];
    if (cursor) {
      const h = new Highlight(cursor);
      h.priority = 1;
      CSS.highlights.set('boilernet-cursor', h);
    } else {
      CSS.highlights.delete('boilernet-cursor');
    }
    let text = `${kept} of ${state.labels.length} blocks kept · ${words} words`;
    if (n.headline) {
      text += ` · ${n.headline} headline`;
    }
    if (n.comments) {
      text += ` · ${n.comments} comments`;
    }
    panel.setCounts(text);
    if (state.saveError) {
      panel.setStatus('Not saved: ' + state.saveError, true);
    } else if (state.saved) {
      const s = state.saved;
      panel.setStatus(`Saved ${s.id} (${s.split}) in Downloads/${s.folder}/: ${s.pages.train} train, ${s.pages.dev} dev pages.` +
        (s.agree < s.blocks ? ` The gold text gives ${s.agree} of ${s.blocks} blocks your labels (the others' words repeat on the page).` : ''));
    } else {
      panel.setStatus('Label mode: mark what belongs to the main content, then Save page.' + (state.missing ? ` ${state.missing} blocks not found on the live page keep the model's verdict.` : ''));
    }
  }

  // blockAt returns the block under a point of the viewport, or -1.
  function blockAt(x, y) {
    let node = null;
    if (document.caretPositionFromPoint) {
      const p = document.caretPositionFromPoint(x, y);
      node = p && p.offsetNode;
    } else if (document.caretRangeFromPoint) {
      const r = document.caretRangeFromPoint(x, y);
      node = r && r.startContainer;
    }
    const i = node ? nodeBlock.get(node) : undefined;
    if (i === undefined) {
      return -1;
    }
    // The caret is the nearest one: the point must be on the block's text.
    for (const rect of ranges[i].getClientRects()) {
      if (x >= rect.left - 1 && x <= rect.right + 1 && y >= rect.top - 1 && y <= rect.bottom + 1) {
        return i;
      }
    }
    return -1;
  }

  function setRange(a, b, label) {
    for (let i = Math.min(a, b); i <= Math.max(a, b); i++) {
      state.labels[i] = label;
    }
  }

  const flipped = (l) => (l === 'boilerplate' ? 'content' : 'boilerplate');

  // moveCursor moves to the next block on the live page in direction d
  // and scrolls it into view.
  function moveCursor(d) {
    for (let i = state.cursor + d; i >= 0 && i < ranges.length; i += d) {
      if (ranges[i]) {
        state.cursor = i;
        const r = ranges[i].getBoundingClientRect();
        if (r.top < 60 || r.bottom > innerHeight - 60) {
          scrollBy({top: r.top - innerHeight / 3});
        }
        return;
      }
    }
  }

  // onLabelEvent takes the page's mouse and keys in label mode, except
  // those of the panel and of fields being typed in.
  function onLabelEvent(e) {
    if (e.composedPath().includes(panel.host)) {
      return;
    }
    const t = e.target;
    if (e.type === 'keydown' && t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) {
      return;
    }
    switch (e.type) {
      case 'mousedown': {
        if (e.button !== 0) {
          return;
        }
        const i = blockAt(e.clientX, e.clientY);
        if (i < 0) {
          return;
        }
        if (e.shiftKey && anchor >= 0) {
          setRange(anchor, i, state.labels[anchor]);
        } else {
          const label = flipped(state.labels[i]);
          drag = {from: i, label, before: state.labels.slice()};
          setRange(i, i, label);
          anchor = i;
        }
        state.cursor = i;
        break;
      }
      case 'mousemove': {
        if (!drag || !(e.buttons & 1)) {
          return;
        }
        const i = blockAt(e.clientX, e.clientY);
        if (i < 0) {
          return;
        }
        state.labels = drag.before.slice();
        setRange(drag.from, i, drag.label);
        state.cursor = i;
        break;
      }
      case 'mouseup':
        if (!drag) {
          return;
        }
        drag = null;
        break;
      case 'click':
        // A click on a block labels it: it does not follow its link.
        if (blockAt(e.clientX, e.clientY) < 0) {
          return;
        }
        break;
      case 'keydown': {
        if (e.ctrlKey || e.metaKey || e.altKey) {
          return;
        }
        const c = state.cursor;
        const move = {ArrowDown: 1, j: 1, J: 1, ArrowUp: -1, k: -1, K: -1}[e.key];
        const set = {' ': flipped(state.labels[c]), x: flipped(state.labels[c]), h: 'headline', m: 'comments', c: 'content', b: 'boilerplate'}[e.key];
        if (move) {
          moveCursor(move);
          if (e.shiftKey && anchor >= 0) {
            setRange(anchor, state.cursor, state.labels[anchor]);
          } else {
            anchor = state.cursor;
          }
        } else if (e.key === 'Escape') {
          stopLabeling();
          e.preventDefault();
          e.stopPropagation();
          return;
        } else if (set && c >= 0) {
          // h and m again give the block back to the content.
          setRange(c, c, (e.key === 'h' || e.key === 'm') && state.labels[c] === set ? 'content' : set);
          anchor = c;
        } else {
          return;
        }
        break;
      }
    }
    e.preventDefault();
    e.stopPropagation();
    state.saved = null;
    state.saveError = '';
    paintLabels();
  }

  // save hands the page as extracted and its labels to the service
  // worker, which downloads the dataset entry.
  async function saveLabels() {
    if (!state.labeling || state.saving) {
      return;
    }
    state.saving = true;
    panel.setBusy(true);
    panel.setStatus('Saving…');
    try {
      const r = await chrome.runtime.sendMessage({type: 'save', page: {html: state.html, url: location.href, name: panel.name.value.trim(), labels: state.labels}});
      if (!r || r.error) {
        throw new Error(r ? r.error : 'no answer from the extension');
      }
      state.saved = r;
      state.saveError = '';
      panel.name.value = '';
    } catch (err) {
      state.saved = null;
      state.saveError = String(err && err.message ? err.message : err);
    } finally {
      state.saving = false;
      panel.setBusy(false);
      unfocusPanel();
      paintLabels();
    }
  }

  globalThis.boilernet = {state, onAction, run, copy, setHighlighted, panel: () => panel,
    startLabeling, stopLabeling, saveLabels, rangeOf: (i) => (ranges && ranges[i]) || null};
})();
