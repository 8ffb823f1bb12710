// Content script, part 2: the small panel in the page's top right corner
// (status, highlight toggle, copy as text or Markdown, run again,
// settings; label mode's counts, name field, keys and Save button). It lives in a closed shadow root, styled by a constructed
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
    .label { margin-top: 8px; padding-top: 8px; border-top: 1px solid #e2e6ee; }
    .label[hidden] { display: none; }
    .counts { font-weight: 600; margin-bottom: 4px; }
    .legend { display: flex; gap: 8px; flex-wrap: wrap; color: #4a5568; font-size: 12px; margin-bottom: 4px; }
    .legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 3px; vertical-align: -1px; }
    .keys { color: #4a5568; font-size: 12px; margin-bottom: 6px; }
    kbd { font: 11px ui-monospace, monospace; border: 1px solid #c5ccd8; border-bottom-width: 2px; border-radius: 3px; padding: 0 3px; background: #f8f9fb; }
    input { font: inherit; border: 1px solid #9aa5b8; border-radius: 5px; padding: 3px 6px; flex: 1 1 120px; min-width: 0; }
    button.primary { background: #1a56c4; border-color: #1a56c4; color: #fff; font-weight: 600; }
    button.primary:hover { background: #1646a0; }
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
      button('options', 'Settings', {title: 'The threshold'}),
      button('label', 'Label', {'aria-pressed': 'false', title: 'Label mode: mark the blocks yourself and save the page as a training example'}));
    // Label mode's part, shown while it is on.
    const label = el('div', {class: 'label', hidden: ''});
    const counts = el('div', {class: 'counts', role: 'status'});
    const legend = el('div', {class: 'legend'});
    for (const [name, color] of [['content', 'rgba(255,216,0,.8)'], ['headline', 'rgba(64,156,255,.6)'], ['comments', 'rgba(76,175,80,.55)'], ['cursor', 'rgba(216,27,96,.35)']]) {
      const item = el('span', {});
      const sw = el('i', {});
      sw.style.background = color;
      item.append(sw, name);
      legend.append(item);
    }
    const keys = el('div', {class: 'keys'});
    keys.innerHTML = 'Click a block to keep or drop it; drag or Shift-click for a range. Keys: <kbd>j</kbd> <kbd>k</kbd> move, ' +
      '<kbd>Space</kbd> keep/drop, <kbd>h</kbd> headline, <kbd>m</kbd> comments, <kbd>Esc</kbd> done.';
    const name = el('input', {type: 'text', placeholder: 'name (optional)', 'aria-label': 'Name of the saved page', spellcheck: 'false'});
    const saveRow = el('div', {class: 'row'});
    saveRow.append(name, button('save', 'Save page', {class: 'primary', title: 'Download the page, its gold text and labels into boilernet-labels/ in your downloads'}));
    label.append(counts, legend, keys, saveRow);
    box.append(head, status, row, label);
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
        for (const name of ['copyText', 'copyMarkdown', 'rerun', 'toggle', 'label', 'save']) {
          buttons[name].disabled = busy;
        }
      },
      setHighlighted(on) {
        buttons.toggle.setAttribute('aria-pressed', String(on));
      },
      setVisible(on) {
        host.style.display = on ? '' : 'none';
      },
      // setLabeling shows or hides label mode's part.
      setLabeling(on) {
        label.hidden = !on;
        buttons.label.setAttribute('aria-pressed', String(on));
        buttons.toggle.disabled = on;
      },
      setCounts(text) {
        counts.textContent = text;
      },
      name,
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
