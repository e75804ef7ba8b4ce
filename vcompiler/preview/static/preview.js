// The preview page: after every check (an event on /events) it asks /state and shows
// either the entry as it prints, with the reader beside it, or the errors in its place.
// An editor that embeds the page (the VS Code extension's webview) tells it which entry
// the cursor is in with a message {vcompiler: "entry", anchor}; the page asks it to open
// a source with {vcompiler: "open", path, line}.
"use strict";

const $ = (id) => document.getElementById(id);
const embedded = window.parent !== window;
const view = { data: null, anchor: null, reader: 0, tab: "print" };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function target(anchor) {
  // An address inside an entry ("location-101-explore-0") stands for the entry.
  const targets = view.data ? view.data.targets : [];
  let best = null;
  for (const t of targets) {
    if (t.anchor === anchor) return t;
    if (anchor && anchor.startsWith(t.anchor + "-") && (!best || t.anchor.length > best.anchor.length)) best = t;
  }
  return best;
}

function openSource(path, line) {
  if (embedded) {
    window.parent.postMessage({ vcompiler: "open", path, line }, "*");
    return true;
  }
  return false;
}

function sourceLink(link, path, line) {
  link.href = "vscode://file" + encodeURI(path) + ":" + line;
  link.textContent = path.split("/").pop() + ":" + line;
  link.onclick = (event) => { if (openSource(path, line)) event.preventDefault(); };
}

function showProblems(data) {
  const box = $("problems");
  const errors = data.diagnostics.filter((d) => d.severity === "error");
  box.replaceChildren(el("h2", {}, `${errors.length} error${errors.length === 1 ? "" : "s"}: nothing prints until ${errors.length === 1 ? "it is" : "they are"} mended`));
  for (const d of errors) box.append(diagnostic(d));
  box.hidden = false;
  $("print").hidden = true;
  $("warnings").hidden = true;
}

function diagnostic(d) {
  const where = el("a", { class: "where" });
  sourceLink(where, d.path, d.line);
  where.textContent = `${d.file}:${d.line}:${d.column}`;
  const item = el("div", { class: `diagnostic ${d.severity}`, "data-code": d.code },
    el("div", {}, el("span", { class: "code" }, d.code), where),
    el("div", { class: "message" }, d.message));
  if (d.text) item.append(el("pre", {}, d.text + "\n" + " ".repeat(Math.max(0, d.column - 1)) + "^"));
  if (d.hint) item.append(el("div", { class: "hint" }, d.hint));
  return item;
}

async function showEntry(anchor, fromReader) {
  const found = target(anchor);
  if (!found) return;
  view.anchor = found.anchor;
  document.body.dataset.anchor = found.anchor;
  $("entry").value = found.anchor;
  sourceLink($("source"), found.path, found.line);
  const version = view.data.version;
  const parts = await (await fetch("/parts/" + encodeURIComponent(found.anchor))).json();
  if (version !== view.data.version || view.anchor !== found.anchor) return;   // overtaken
  const print = $("print");
  print.replaceChildren(...parts.map((part) => {
    const frame = el("iframe", { src: part.url, title: part.name });
    frame.addEventListener("load", () => {
      const doc = frame.contentDocument;
      if (doc) frame.style.height = doc.documentElement.scrollHeight + 4 + "px";
    });
    return el("section", { class: "part" }, el("h3", {}, part.name), frame);
  }));
  print.dataset.version = String(version);
  const warnings = view.data.diagnostics.filter((d) => d.severity !== "error" && d.path === found.path
    && d.line >= found.line && (!nextTarget(found) || d.line < nextTarget(found).line));
  $("warnings").replaceChildren(...warnings.map((d) => el("li", {}, `${d.code} line ${d.line}: ${d.message}`)));
  if (!fromReader) showInReader(found.anchor);
}

function nextTarget(found) {
  const same = view.data.targets.filter((t) => t.path === found.path && t.line > found.line);
  return same.sort((a, b) => a.line - b.line)[0];
}

function showInReader(anchor) {
  const reader = $("reader");
  if (view.reader !== view.data.version) {
    view.reader = view.data.version;
    reader.src = "/reader?v=" + view.data.version + "#" + encodeURIComponent(anchor);
  } else if (reader.contentWindow) {
    reader.contentWindow.location.hash = "#" + encodeURIComponent(anchor);
  }
}

$("reader").addEventListener("load", () => {
  // A link followed in the reader brings its entry up as printed too.
  const win = $("reader").contentWindow;
  win.addEventListener("hashchange", () => {
    const anchor = decodeURIComponent(win.location.hash.slice(1));
    const found = target(anchor);
    if (found && found.anchor !== view.anchor) showEntry(found.anchor, true);
  });
});

async function refresh() {
  const data = await (await fetch("/state")).json();
  const first = view.data === null;
  view.data = data;
  document.title = `${data.title || data.pack} · vcompiler preview`;
  $("pack").textContent = data.title || data.pack;
  const errors = data.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = data.diagnostics.length - errors;
  const status = $("status");
  status.className = errors ? "bad" : "ok";
  status.textContent = errors ? `${errors} error${errors === 1 ? "" : "s"} at ${data.at}`
    : `checked at ${data.at} in ${data.took.toFixed(2)} s` + (warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : "");
  if (data.failure) {
    status.className = "bad";
    status.textContent = `the check at ${data.at} failed (${data.failure}): this is the check before it`;
  }
  document.body.dataset.version = String(data.version);
  document.body.dataset.ok = String(data.ok);
  const select = $("entry");
  select.replaceChildren(...data.targets.map((t) => el("option", { value: t.anchor }, t.title)));
  if (view.anchor) select.value = view.anchor;
  $("stale").hidden = data.ok;
  if (!data.ok) {
    showProblems(data);
    return;
  }
  $("problems").hidden = true;
  $("print").hidden = view.tab !== "print";
  $("warnings").hidden = view.tab !== "print";
  const wanted = new URLSearchParams(location.search).get("entry");
  let anchor = view.anchor;
  if (first) anchor = (wanted && target(wanted) ? wanted : data.focus);
  else if (data.edited && $("follow").checked) anchor = data.edited;
  if (!target(anchor)) anchor = data.focus;
  if (anchor) await showEntry(anchor);
}

function tab(name) {
  view.tab = name;
  $("tab-print").setAttribute("aria-selected", String(name === "print"));
  $("tab-map").setAttribute("aria-selected", String(name === "map"));
  const map = $("map");
  if (name === "map" && !map.getAttribute("src")) map.src = "/map";
  map.hidden = name !== "map";
  const bad = view.data && !view.data.ok;
  $("print").hidden = name !== "print" || bad;
  $("warnings").hidden = name !== "print" || bad;
  $("problems").hidden = name !== "print" || !bad;
}

$("tab-print").onclick = () => tab("print");
$("tab-map").onclick = () => tab("map");
$("entry").onchange = () => showEntry($("entry").value);

window.addEventListener("message", (event) => {
  const said = event.data || {};
  if (said.vcompiler === "follow" && event.origin === location.origin) {
    showEntry(said.anchor);
  } else if (said.vcompiler === "entry" && event.source === window.parent && said.anchor) {
    // the editor's cursor moved into an entry
    if (target(said.anchor) && said.anchor !== view.anchor) showEntry(said.anchor);
  } else if (said.vcompiler === "open" && event.origin === location.origin) {
    if (!openSource(said.path, said.line)) window.open("vscode://file" + encodeURI(said.path) + ":" + said.line);
  }
});

const events = new EventSource("/events");
events.addEventListener("check", () => refresh());
events.onerror = () => {
  const status = $("status");
  status.className = "bad";
  status.textContent = "the preview server has stopped: this page no longer updates";
};
if (new URLSearchParams(location.search).get("tab") === "map") tab("map");
