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
// the extraction; {type: 'options'} opens the settings.
chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || msg.target === 'offscreen') {
    return false;
  }
  switch (msg.type) {
    case 'extract':
      extract(msg.request).then(sendResponse, (err) => sendResponse({error: String(err)}));
      return true; // the answer comes later
    case 'options':
      chrome.runtime.openOptionsPage();
      return false;
  }
  return false;
});

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
