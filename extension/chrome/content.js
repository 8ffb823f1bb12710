// Content script, part 3: the extension on a page. The first click on the
// toolbar button serializes the page, has the service worker run the model
// on it (in the offscreen document's worker) and highlights the kept
// blocks; later clicks hide and show the highlight. Everything stays in the
// browser: the page goes to the extension's own worker and nowhere else.
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
      Object.assign(state, {html, response, stats: found.stats, error: '', phase: 'done'});
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
    let text = `${s.kept - s.missing} of ${r.blocks.length} blocks kept`;
    if (s.missing > 0) {
      text += ` (${s.missing} not found on the live page)`;
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
    let text = kind === 'markdown' ? r.markdown : r.text;
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
        close: () => setShown(false),
        toggle: () => setHighlighted(!state.highlighted),
        copyText: () => copy('text'),
        copyMarkdown: () => copy('markdown'),
        rerun: () => run(),
        options: () => chrome.runtime.sendMessage({type: 'options'}),
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

  globalThis.boilernet = {state, onAction, run, copy, setHighlighted, panel: () => panel};
})();
