// The service worker: it answers the toolbar button and relays pages
// between the tab's content script and the offscreen document whose
// worker runs the WebAssembly model. It makes no network request: the
// extension's only fetch is of its own boilernet.wasm.
'use strict';

const OFFSCREEN = 'offscreen.html';

// The toolbar button (or Alt+Shift+B): on a tab not yet seen, inject the
// highlight style and the content scripts, which extract and highlight;
// on a tab that has them, show or hide the highlight. activeTab grants
// the access for this tab, at this click only.
chrome.action.onClicked.addListener(async (tab) => {
  const target = {tabId: tab.id};
  try {
    const [probe] = await retryAccess(() => chrome.scripting.executeScript({
      target, func: () => typeof globalThis.boilernet === 'object',
    }));
    if (!probe || !probe.result) {
      await chrome.scripting.insertCSS({target, files: ['highlight.css']});
      await chrome.scripting.executeScript({target, files: ['locate.js', 'panel.js', 'content.js']});
    }
    await chrome.scripting.executeScript({target, func: () => globalThis.boilernet.onAction()});
  } catch (err) {
    // A page the extension may not script (chrome://, the web store).
    console.warn('BoilerNet:', err);
    await chrome.action.setBadgeText({tabId: tab.id, text: '×'});
  }
});

// retryAccess runs an injection, again after a pause while the page
// refuses access: right after the click the page's renderer may not have
// been told of the activeTab grant yet (seen in Chromium when the page has
// just been loaded in a new process). Pages that stay refused (chrome://
// pages) fail after a second or so.
async function retryAccess(inject) {
  for (let wait = 50; ; wait *= 2) {
    try {
      return await inject();
    } catch (err) {
      if (wait > 800 || !/Cannot access contents/.test(String(err))) {
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

// Messages from content scripts: {type: 'extract', request} answers with
// the extraction; {type: 'save', page} saves a labeled page (label mode);
// {type: 'options'} opens the settings.
chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || msg.target === 'offscreen') {
    return false;
  }
  switch (msg.type) {
    case 'extract':
      extract(msg.request).then(sendResponse, (err) => sendResponse({error: String(err)}));
      return true; // the answer comes later
    case 'save':
      save(msg.page).then(sendResponse, (err) => sendResponse({error: String(err && err.message ? err.message : err)}));
      return true;
    case 'options':
      chrome.runtime.openOptionsPage();
      return false;
  }
  return false;
});

// LABEL_FOLDER is where label mode saves, in the browser's downloads
// folder: a dataset folder as boilernet train -data reads it.
const LABEL_FOLDER = 'boilernet-labels';

// runModule calls one of the WebAssembly module's functions in the
// offscreen document's worker.
async function runModule(op, args) {
  await ensureOffscreen();
  const r = await chrome.runtime.sendMessage({target: 'offscreen', request: {op, args}});
  if (!r || r.error) {
    throw new Error(r ? r.error : 'no answer from the extension\'s worker');
  }
  return r;
}

// save writes a labeled page {html, url, name, labels} as a dataset
// entry through the downloads: html/ID.html, gold/ID.txt and
// labels/ID.json, each a new file (a file of that name already in the
// folder stops the save, and what was written of the entry is removed),
// then train.txt, dev.txt (and test.txt) and meta.tsv, rewritten from the
// pages this browser saved (kept in storage). The module picks the id
// (labelset.ID, unique among the pages saved) and the split (the 2nd and
// every 5th page to dev).
async function save(page) {
  const {labeled} = await chrome.storage.local.get({labeled: []});
  const name = await runModule('labelName', {name: page.name || '', url: page.url || '', taken: labeled.map((e) => e.id), n: labeled.length + 1});
  const entry = await runModule('label', {html: page.html, url: page.url || '', id: name.id, split: name.split, labels: page.labels});
  const written = [];
  for (const [path, content] of Object.entries(entry.files)) {
    let item;
    try {
      item = await download(path, content, 'uniquify');
    } catch (err) {
      await removeAll(written);
      throw err;
    }
    written.push(item);
    if (!item.filename.replace(/\\/g, '/').endsWith('/' + LABEL_FOLDER + '/' + path)) {
      // The browser chose another name: a file of this one was there.
      await removeAll(written);
      throw new Error(`${LABEL_FOLDER}/${path} already exists in the downloads folder: nothing saved (give the page another name, or move the folder away)`);
    }
  }
  labeled.push({id: entry.id, split: entry.split, url: page.url || ''});
  await chrome.storage.local.set({labeled});
  const pages = {train: 0, dev: 0, test: 0};
  for (const e of labeled) {
    pages[e.split]++;
  }
  for (const split of ['train', 'dev', 'test']) {
    if (split !== 'test' || pages.test > 0) {
      const ids = labeled.filter((e) => e.split === split).map((e) => e.id + '\n').join('');
      await download(split + '.txt', ids, 'overwrite');
    }
  }
  const rows = labeled.filter((e) => e.url && !/[\t\r\n]/.test(e.url)).map((e) => e.id + '\t' + e.url + '\n');
  await download('meta.tsv', 'id\turl\n' + rows.join(''), 'overwrite');
  return {id: entry.id, split: entry.split, folder: LABEL_FOLDER, files: Object.keys(entry.files), blocks: entry.blocks,
    kept: entry.kept, words: entry.words, comments: entry.comments, agree: entry.agree, pages};
}

// download saves text as LABEL_FOLDER/path (UTF-8) and resolves with the
// finished download item.
async function download(path, text, conflictAction) {
  const url = 'data:application/octet-stream;base64,' + base64(new TextEncoder().encode(text));
  const id = await chrome.downloads.download({url, filename: LABEL_FOLDER + '/' + path, conflictAction, saveAs: false});
  return new Promise((resolve, reject) => {
    const check = async () => {
      const [item] = await chrome.downloads.search({id});
      if (!item || item.state === 'in_progress') {
        return;
      }
      chrome.downloads.onChanged.removeListener(onChanged);
      if (item.state === 'complete') {
        resolve(item);
      } else {
        reject(new Error(`saving ${LABEL_FOLDER}/${path}: ${item.error || item.state}`));
      }
    };
    const onChanged = (delta) => {
      if (delta.id === id) {
        check();
      }
    };
    chrome.downloads.onChanged.addListener(onChanged);
    check();
  });
}

// removeAll deletes the files of finished downloads and forgets them.
async function removeAll(items) {
  for (const item of items) {
    try {
      await chrome.downloads.removeFile(item.id);
      await chrome.downloads.erase({id: item.id});
    } catch (err) {
      console.warn('BoilerNet: removing', item.filename, err);
    }
  }
}

// base64 encodes bytes, in pieces (String.fromCharCode takes a bounded
// number of arguments).
function base64(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

// extract runs one page in the offscreen document, with the threshold of
// the settings.
async function extract(request) {
  const {threshold} = await chrome.storage.local.get({threshold: 0});
  await ensureOffscreen();
  return chrome.runtime.sendMessage({target: 'offscreen', request: {...request, threshold: Number(threshold) || 0}});
}

let creating = null; // the pending createDocument, shared by concurrent calls

// ensureOffscreen opens the offscreen document unless it is open.
async function ensureOffscreen() {
  const url = chrome.runtime.getURL(OFFSCREEN);
  const open = await chrome.runtime.getContexts({contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url]});
  if (open.length > 0) {
    return;
  }
  if (!creating) {
    creating = chrome.offscreen.createDocument({
      url: OFFSCREEN,
      reasons: ['WORKERS'],
      justification: 'Runs the BoilerNet model (WebAssembly) in a worker, off the page\'s main thread.',
    }).finally(() => { creating = null; });
  }
  await creating;
}
