(() => {
  "use strict";
  const body = document.body;
  body.classList.add("js");
  const key = "vcompiler-reader:" + body.dataset.pack + ":" + body.dataset.version;
  let store = {};
  try { store = JSON.parse(localStorage.getItem(key) || "{}") || {}; } catch (e) { store = {}; }
  store.checked = Array.isArray(store.checked) ? store.checked : [];
  const save = () => { try { localStorage.setItem(key, JSON.stringify(store)); } catch (e) { /* private mode */ } };
  const entries = new Map();
  for (const article of document.querySelectorAll("article.entry")) entries.set(article.id, article);
  let current = null;

  function show() {
    let id = "";
    // A malformed address ("#%") opens the first entry rather than a blank page.
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { id = ""; }
    if (!entries.has(id)) {
      id = entries.has(store.at) ? store.at : body.dataset.start;
      history.replaceState(null, "", "#" + id);
    }
    const article = entries.get(id);
    if (!article) return;
    if (current) current.classList.remove("current");
    current = article;
    article.classList.add("current");
    store.at = id;
    save();
    document.title = article.dataset.name + " · " + body.dataset.title;
    window.scrollTo(0, 0);
  }

  const boxes = document.querySelectorAll("input[data-check]");
  const boxById = new Map(Array.from(boxes, (box) => [box.dataset.check, box]));
  const stateLine = document.getElementById("checked");
  function showState() {
    const shown = store.checked.filter((id) => boxById.has(id));
    stateLine.textContent = "";
    if (!shown.length) { stateLine.textContent = "none"; return; }
    shown.forEach((id, i) => {
      const box = boxById.get(id);
      const link = document.createElement("a");
      link.href = "#" + box.closest("article").id;
      link.textContent = box.dataset.name;
      if (i) stateLine.append(", ");
      stateLine.append(link);
    });
  }
  for (const box of boxes) {
    box.checked = store.checked.includes(box.dataset.check);
    box.addEventListener("change", () => {
      store.checked = store.checked.filter((id) => id !== box.dataset.check);
      if (box.checked) store.checked.push(box.dataset.check);
      save();
      showState();
    });
  }
  document.getElementById("reset").addEventListener("click", () => {
    store = { checked: [] };
    for (const box of boxes) box.checked = false;
    save();
    showState();
  });

  const q = document.getElementById("q");
  const results = document.getElementById("results");
  // What follows the number in the name; a card without a number has its title for key.
  const title = (a) => {
    const { name, key } = a.dataset;
    const at = name.indexOf(key);
    return (at < 0 ? name : name.slice(at + key.length) || key).toLowerCase();
  };
  const index = Array.from(entries.values(), (a) => [a.id, a.dataset.key, a.dataset.name, title(a)]);
  function search() {
    const text = q.value.trim().toLowerCase();
    results.textContent = "";
    if (!text) return [];
    const number = /^\d+$/.test(text);
    const found = index.filter(([, k, , name]) => number ? k === text || k.startsWith(text) : name.includes(text));
    found.sort((a, b) => (b[1] === text) - (a[1] === text));
    for (const [id, , name] of found.slice(0, 30)) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "#" + id;
      link.textContent = name;
      link.addEventListener("click", () => { q.value = ""; results.textContent = ""; });
      item.append(link);
      results.append(item);
    }
    return found;
  }
  q.addEventListener("input", search);
  document.getElementById("search").addEventListener("submit", (event) => {
    event.preventDefault();
    const found = search();
    if (found.length) {
      location.hash = "#" + found[0][0];
      q.value = "";
      results.textContent = "";
    }
  });

  window.addEventListener("hashchange", show);
  show();
  showState();
})();
