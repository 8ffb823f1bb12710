// Content script, part 1: the page's serialization, and the mapping of the
// model's locators back to the live page's text nodes.
//
// The module reads the page as the HTML parser (golang.org/x/net/html)
// rebuilds it from the serialization, and names each text block by an
// XPath-like locator such as /html[1]/body[1]/div[2]/p[1]/text()[1]:
// element steps count same-named element siblings, text() steps count text
// siblings. The live DOM can differ from that tree: scripts leave adjacent
// or empty text nodes (one text node, or none, once re-parsed), and build
// trees the parser would not (a <tr> straight in a <table>, which gains an
// implied <tbody>; a <p> in a <p>). So each resolved node's text is
// checked against the block's; a block whose locator misses is looked for
// by its text after the previous block, and one not found either way is
// skipped and counted.
'use strict';

globalThis.boilernetLocate = (() => {
  // space matches what either side counts as whitespace (the extractor
  // also counts U+0085 and the zero-width space, which \s does not);
  // comparisons drop it, so collapsing and <pre> line breaks do not matter.
  const space = /[\s\u0085\u200b]+/g;
  const squash = (s) => s.replace(space, '');

  // serialize is the page as the extension sends it: the doctype, which
  // decides the parser's quirks mode and so the tree, and the root
  // element's outerHTML, without the extension's own panel, and with the
  // elements the browser does not display marked (see marked).
  function serialize(doc, panelTag) {
    let html = marked(doc, panelTag).outerHTML;
    if (panelTag) {
      const own = `<${panelTag}></${panelTag}>`;
      const at = html.lastIndexOf(own);
      if (at >= 0) {
        html = html.slice(0, at) + html.slice(at + own.length);
      }
    }
    const dt = doc.doctype ? new XMLSerializer().serializeToString(doc.doctype) : '';
    return dt + html;
  }

  // Elements never displayed whatever their style, or not read for text:
  // not marked, not walked.
  const UNSHOWN = new Set(['head', 'script', 'style', 'template', 'noscript', 'link', 'meta', 'title', 'base']);

  // marked is a copy of doc's root element in which the elements of the
  // page that the browser does not display, by their computed style, have
  // the hidden attribute, which the extractor reads as hidden from readers
  // (for itself and all inside it): so text a stylesheet hides is not
  // kept, as text hidden by an inline style or the attribute is not. An
  // element with display: none is marked (and nothing inside it); one with
  // visibility: hidden or collapse where it holds text of its own, so that
  // a visible element inside an invisible one stays visible (unless that
  // one holds text too). The copy belongs to an inert document, so nothing
  // in it loads or runs; the live page is not touched. Without any hidden
  // element, it is the root element itself.
  function marked(doc, panelTag) {
    const root = doc.documentElement;
    const view = doc.defaultView;
    if (!root || !view) {
      return root;
    }
    // The hidden elements, each as the element indexes of its path from
    // the root, linked child to parent: {up, i}.
    const hide = [];
    const stack = [{el: root, at: null, inMarked: false}];
    while (stack.length > 0) {
      const {el, at, inMarked} = stack.pop();
      let i = 0;
      for (let c = el.firstElementChild; c; c = c.nextElementSibling, i++) {
        if (UNSHOWN.has(c.localName) || c.localName === panelTag) {
          continue;
        }
        const style = view.getComputedStyle(c);
        const gone = style.display === 'none';
        const mark = !inMarked && !c.hasAttribute('hidden') && (gone || (style.visibility !== 'visible' && ownText(c)));
        if (mark) {
          hide.push({up: at, i});
        }
        if (!gone && c.firstElementChild) {
          stack.push({el: c, at: {up: at, i}, inMarked: inMarked || mark || c.hasAttribute('hidden')});
        }
      }
    }
    if (hide.length === 0) {
      return root;
    }
    const copy = doc.implementation.createHTMLDocument('').importNode(root, true);
    for (let at of hide) {
      const path = [];
      for (; at; at = at.up) {
        path.push(at.i);
      }
      let el = copy;
      for (let k = path.length - 1; k >= 0; k--) {
        el = el.children[path[k]];
      }
      el.setAttribute('hidden', '');
    }
    return copy;
  }

  // ownText reports whether el has text of its own, not only in its
  // children elements.
  function ownText(el) {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === Node.TEXT_NODE && squash(c.data) !== '') {
        return true;
      }
    }
    return false;
  }

  // parseLocator splits a locator into {name, k} steps; null if it is not
  // one.
  function parseLocator(locator) {
    if (typeof locator !== 'string' || !locator.startsWith('/')) {
      return null;
    }
    const steps = [];
    for (const part of locator.slice(1).split('/')) {
      const m = /^(.+)\[(\d+)\]$/.exec(part);
      if (!m) {
        return null;
      }
      steps.push({name: m[1], k: Number(m[2])});
    }
    return steps;
  }

  // A Children is one parent's children as the parser numbers them:
  // elements by name, and text runs (adjacent text nodes, as one; empty
  // runs dropped) in order.
  function children(parent) {
    const elements = new Map();
    const runs = [];
    let run = null;
    const endRun = () => {
      if (run && run.text !== '') {
        runs.push(run);
      }
      run = null;
    };
    for (let c = parent.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === Node.TEXT_NODE || c.nodeType === Node.CDATA_SECTION_NODE) {
        if (!run) {
          run = {first: c, last: c, text: ''};
        }
        run.last = c;
        run.text += c.data;
        continue;
      }
      endRun();
      if (c.nodeType === Node.ELEMENT_NODE) {
        const list = elements.get(c.localName);
        if (list) {
          list.push(c);
        } else {
          elements.set(c.localName, [c]);
        }
      }
    }
    endRun();
    return {elements, runs};
  }

  // A Resolver resolves locators against one document, numbering each
  // parent's children once.
  class Resolver {
    constructor(doc) {
      this.doc = doc;
      this.cache = new Map();
    }

    children(parent) {
      let c = this.cache.get(parent);
      if (!c) {
        c = children(parent);
        this.cache.set(parent, c);
      }
      return c;
    }

    // run returns the text run a locator names, or null.
    run(locator) {
      const steps = parseLocator(locator);
      if (!steps || steps.length === 0) {
        return null;
      }
      let node = this.doc;
      for (let i = 0; i < steps.length; i++) {
        const {name, k} = steps[i];
        const c = this.children(node);
        if (name === 'text()') {
          return i === steps.length - 1 ? c.runs[k - 1] || null : null;
        }
        const list = c.elements.get(name);
        node = list && list[k - 1];
        if (!node) {
          return null;
        }
      }
      return null; // the locator names an element, not text
    }
  }

  // A TextIndex finds text runs by their text, in document order.
  class TextIndex {
    constructor(doc) {
      this.byText = new Map();
      const walker = doc.createTreeWalker(doc.documentElement, NodeFilter.SHOW_TEXT);
      let run = null;
      const endRun = () => {
        const key = run && squash(run.text);
        if (key) {
          const list = this.byText.get(key);
          if (list) {
            list.push(run);
          } else {
            this.byText.set(key, [run]);
          }
        }
      };
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (run && run.last.nextSibling === n) {
          run.last = n;
          run.text += n.data;
          continue;
        }
        endRun();
        run = {first: n, last: n, text: n.data};
      }
      endRun();
    }

    // after returns the first run with the text squashed that comes after
    // node (anywhere when node is null) and is not used.
    after(key, node, used) {
      for (const run of this.byText.get(key) || []) {
        if (used.has(run.first)) {
          continue;
        }
        if (!node || (node.compareDocumentPosition(run.first) & Node.DOCUMENT_POSITION_FOLLOWING)) {
          return run;
        }
      }
      return null;
    }
  }

  // shown reports whether the browser displays a range's text: it has
  // boxes (none inside display: none, nor in a closed <details>), and its
  // element is visible.
  function shown(range) {
    const el = range.startContainer.parentElement;
    if (!el || range.getClientRects().length === 0) {
      return false;
    }
    return el.ownerDocument.defaultView.getComputedStyle(el).visibility === 'visible';
  }

  // locate maps the kept blocks (content or headline) of an extraction to
  // ranges over the live document. It returns {content, headline} ranges
  // in document order and stats: kept blocks, found by locator, found by
  // text, missing (with a few examples), and hidden: found, but in text
  // the browser does not display (no range in content or headline). With
  // all, it maps every block (label mode), and byBlock holds each block's
  // range, or null where it is not on the live page.
  function locate(doc, blocks, all) {
    const resolver = new Resolver(doc);
    let index = null; // built on the first miss
    const used = new Set();
    const out = {content: [], headline: [], byBlock: blocks.map(() => null), stats: {kept: 0, byLocator: 0, byText: 0, missing: 0, hidden: 0, examples: []}};
    let last = null;
    for (const [i, b] of blocks.entries()) {
      if (!all && !b.content && !b.headline) {
        continue;
      }
      out.stats.kept++;
      const key = squash(b.text);
      let run = resolver.run(b.locator);
      if (run && squash(run.text) === key && !used.has(run.first)) {
        out.stats.byLocator++;
      } else {
        index = index || new TextIndex(doc);
        run = index.after(key, last, used);
        if (run) {
          out.stats.byText++;
        } else {
          out.stats.missing++;
          if (out.stats.examples.length < 5) {
            out.stats.examples.push({locator: b.locator, text: b.text.slice(0, 80)});
          }
          continue;
        }
      }
      used.add(run.first);
      last = run.last;
      const range = doc.createRange();
      range.setStart(run.first, 0);
      range.setEnd(run.last, run.last.length);
      out.byBlock[i] = range;
      if (!shown(range)) {
        out.stats.hidden++; // not highlighted: there is nothing to see
      } else if (b.headline) {
        out.headline.push(range);
      } else if (b.content) {
        out.content.push(range);
      }
    }
    return out;
  }

  return {serialize, locate, parseLocator};
})();
