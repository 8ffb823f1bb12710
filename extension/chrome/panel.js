// Content script, part 2: the small panel in the page's top right corner
// (status, highlight toggle, copy as text or Markdown, run again,
// settings). It lives in a closed shadow root, styled by a constructed
// style sheet, so the page's styles and scripts do not reach into it and
// its styles do not leak out.
'use strict';

globalThis.boilernetPanel = (() => {
  const TAG = 'boilernet-panel';

  const CSS = `
    :host { all: initial; position: fixed; top: 12px; right: 12px; z-index: 2147483647; }
    .box { font: 13px/1.4 system-ui, sans-serif; color: #1d2433; background: #fff;
           border: 1px solid #c5ccd8; border-radius: 8px; padding: 8px 10px; width: 300px;
           box-shadow: 0 4px 16px rgba(0,0,0,.18); }
    .head { display: flex; align-items: center; gap: 6px; font-weight: 600; margin-bottom: 4px; }
    .head .swatch { width: 12px; height: 12px; border-radius: 2px; background: rgba(255,216,0,.8); }
    .head .close { margin-left: auto; }
    .status { margin: 2px 0 8px; color: #4a5568; }
    .status.error { color: #b42318; }
    .row { display: flex; gap: 6px; flex-wrap: wrap; }
    button { font: inherit; padding: 3px 8px; border: 1px solid #9aa5b8; border-radius: 5px;
             background: #f4f6fa; color: inherit; cursor: pointer; }
    button:hover { background: #e6eaf2; }
    button[aria-pressed="true"] { background: #ffe680; border-color: #c9a600; }
    button:disabled { opacity: .5; cursor: default; }
    .close { border: none; background: none; font-size: 16px; line-height: 1; padding: 0 4px; }
  `;

  // create adds the panel to the page and returns its controls; actions
  // maps each button's name to its handler.
  function create(actions) {
    const host = document.createElement(TAG);
    const root = host.attachShadow({mode: 'closed'});
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
    const box = el('div', {class: 'box', role: 'region', 'aria-label': 'BoilerNet'});
    const head = el('div', {class: 'head'});
    head.append(el('span', {class: 'swatch'}), 'BoilerNet',
      button('close', '×', {class: 'close', title: 'Hide the highlight and this panel', 'aria-label': 'Close'}));
    const status = el('div', {class: 'status', role: 'status'});
    const row = el('div', {class: 'row'});
    row.append(
      button('toggle', 'Highlight', {'aria-pressed': 'true', title: 'Show or hide the highlight'}),
      button('copyText', 'Copy text', {title: 'Copy the title and text of the article'}),
      button('copyMarkdown', 'Copy Markdown', {title: 'Copy the article as Markdown'}),
      button('rerun', 'Run again', {title: 'Extract the page as it is now'}),
      button('options', 'Settings', {title: 'The threshold'}));
    box.append(head, status, row);
    root.append(box);
    // Keep the page's own handlers out of the panel's clicks and keys.
    for (const type of ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'keydown', 'keyup']) {
      host.addEventListener(type, (e) => e.stopPropagation());
    }
    root.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-action]');
      if (b && !b.disabled && actions[b.dataset.action]) {
        actions[b.dataset.action]();
      }
    });
    document.documentElement.append(host);

    const buttons = Object.fromEntries([...root.querySelectorAll('button[data-action]')].map((b) => [b.dataset.action, b]));
    return {
      tag: TAG,
      host,
      root,
      buttons,
      setStatus(text, isError) {
        status.textContent = text;
        status.classList.toggle('error', !!isError);
      },
      setBusy(busy) {
        for (const name of ['copyText', 'copyMarkdown', 'rerun', 'toggle']) {
          buttons[name].disabled = busy;
        }
      },
      setHighlighted(on) {
        buttons.toggle.setAttribute('aria-pressed', String(on));
      },
      setVisible(on) {
        host.style.display = on ? '' : 'none';
      },
    };
  }

  function el(tag, attrs) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      e.setAttribute(k, v);
    }
    return e;
  }

  function button(action, label, attrs) {
    const b = el('button', {...attrs, type: 'button', 'data-action': action});
    b.textContent = label;
    return b;
  }

  return {create, TAG};
})();
