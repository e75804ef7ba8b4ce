// The story map: the story graph of /map.json drawn as SVG, panned by dragging, zoomed
// by the wheel, searched by number or title. A click on a node opens its page (in the
// preview around the map, or the preview itself when the map stands alone) and says
// where it is written; a planet's board (/boards.json) is drawn as it prints, its
// spaces leading to their logs. Drawn again after every check.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const W = 180, H = 32, MM = 2.2;
const embedded = window.parent !== window;
const at = { x: 40, y: 60, k: 1 };
let data = { nodes: [], edges: [] };
let boards = null;
let current = null;

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function place() {
  $("view").setAttribute("transform", `translate(${at.x},${at.y}) scale(${at.k})`);
}

function short(text, n) {
  return text.length > n ? text.slice(0, n - 1) + "…" : text;
}

function draw() {
  const edges = $("edges"), nodes = $("nodes");
  edges.replaceChildren();
  nodes.replaceChildren();
  for (const [a, b, via, loop] of data.edges) {
    const p = data.nodes[a], q = data.nodes[b];
    const x1 = p.x + W, y1 = p.y + H / 2, x2 = q.x, y2 = q.y + H / 2;
    const bend = Math.max(40, Math.abs(x2 - x1) / 2);
    const d = x2 > x1 ? `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`
      : `M${x1},${y1} C${x1 + 80},${y1 - 60} ${x2 - 80},${y2 - 60} ${x2},${y2}`;
    edges.append(svg("path", { d, class: `edge ${via}${loop ? " loop" : ""}`, "marker-end": "url(#arrow)" }));
  }
  data.nodes.forEach((n, i) => {
    const g = svg("g", { class: "node" + (n.unreachable ? " unreachable" : "") + (n.loop ? " loop" : ""),
                         transform: `translate(${n.x},${n.y})`, "data-id": n.id, "data-index": String(i) });
    if (n.anchor) g.setAttribute("data-anchor", n.anchor);
    const title = svg("title", {});
    title.textContent = n.title + (n.unreachable ? " (unreachable)" : "") + (n.loop ? " (loop with no way out)" : "");
    const rect = svg("rect", { width: W, height: H, fill: n.colour });
    const label = svg("text", { x: 8, y: 20 });
    label.textContent = short(n.title, 28);
    g.append(title, rect, label);
    g.addEventListener("click", (event) => { event.stopPropagation(); choose(n); });
    nodes.append(g);
  });
  if (current) mark(current.id);
}

function mark(id) {
  for (const g of document.querySelectorAll(".node.current")) g.classList.remove("current");
  const g = document.querySelector(`.node[data-id="${CSS.escape(id)}"]`);
  if (g) g.classList.add("current");
}

function follow(anchor) {
  if (embedded) window.parent.postMessage({ vcompiler: "follow", anchor }, location.origin);
  else window.location.href = "/?entry=" + encodeURIComponent(anchor);
}

function choose(n) {
  current = n;
  mark(n.id);
  const info = $("info");
  info.replaceChildren();
  const head = document.createElement("strong");
  head.textContent = n.title;
  info.append(head, document.createElement("br"));
  const flags = [n.region, n.unreachable ? "unreachable" : "", n.loop ? "in a loop with no way out" : ""].filter(Boolean);
  if (flags.length) info.append(flags.join(" · "), document.createElement("br"));
  if (n.file) {
    const source = document.createElement("a");
    source.href = "vscode://file" + encodeURI(n.file) + ":" + n.line;
    source.id = "open-source";
    source.textContent = "open " + n.file.split("/").pop() + ":" + n.line;
    source.onclick = (event) => {
      if (embedded) {
        event.preventDefault();
        window.parent.postMessage({ vcompiler: "open", path: n.file, line: n.line }, location.origin);
      }
    };
    info.append(source);
  }
  info.hidden = false;
  if (n.anchor) follow(n.anchor);
}

function centre(n) {
  const box = $("canvas").getBoundingClientRect();
  at.x = box.width / 2 - (n.x + W / 2) * at.k;
  at.y = box.height / 2 - (n.y + H / 2) * at.k;
  place();
}

function fit() {
  if (!data.nodes.length) return;
  const box = $("canvas").getBoundingClientRect();
  const width = Math.max(...data.nodes.map((n) => n.x)) + W, height = Math.max(...data.nodes.map((n) => n.y)) + H;
  at.k = Math.min(1.5, Math.max(0.05, Math.min((box.width - 40) / width, (box.height - 80) / height)));
  at.x = 20;
  at.y = 50;
  place();
}

function search() {
  const q = $("search").value.trim().toLowerCase();
  const hits = [];
  for (const g of document.querySelectorAll(".node")) {
    const n = data.nodes[Number(g.dataset.index)];
    const words = n.title.toLowerCase();
    const hit = q !== "" && (words.includes(q) || n.id.split(":")[1] === q);
    g.classList.toggle("match", hit);
    if (hit) hits.push(n);
  }
  $("found").textContent = q ? `${hits.length} found` : "";
  return hits;
}

async function load() {
  data = await (await fetch("/map.json")).json();
  document.body.dataset.nodes = String(data.nodes.length);
  draw();
  if (!load.done) { load.done = true; fit(); }
  search();
  boards = null;
  if ($("board").value) showBoard($("board").value);
  else if ($("board").options.length === 1) listBoards();
}

async function listBoards() {
  boards = await (await fetch("/boards.json")).json();
  const select = $("board");
  const chosen = select.value;
  select.replaceChildren(new Option("none", ""), ...boards.map((b) => new Option(b.name, b.planet)));
  select.value = chosen;
}

async function showBoard(planet) {
  if (boards === null) await listBoards();
  const box = $("boardview");
  const board = boards.find((b) => b.planet === planet);
  if (!board) { box.hidden = true; return; }
  const area = document.createElement("div");
  area.className = "board";
  area.style.width = board.width * MM + "px";
  area.style.height = board.height * MM + "px";
  const lines = document.createElement("img");
  lines.src = board.lines;
  lines.alt = "the paths of " + board.name;
  lines.style.cssText = `position:absolute;left:0;top:0;width:${board.width * MM}px;height:${board.height * MM}px`;
  area.append(lines);
  for (const s of board.sectors) {
    const space = document.createElement("div");
    space.className = "sector" + (s.anchor ? " goto" : "");
    space.style.cssText = `left:${s.x * MM}px;top:${s.y * MM}px;width:${50 * MM}px;height:${36 * MM}px`;
    space.textContent = `${s.number} ${s.name}` + (s.anchor ? ` → ${s.anchor.replace("log-", "Log ")}` : "");
    if (s.anchor) space.onclick = () => follow(s.anchor);
    area.append(space);
  }
  box.replaceChildren(area);
  box.hidden = false;
}

const canvas = $("canvas");
let drag = null;
canvas.addEventListener("pointerdown", (event) => {
  drag = { x: event.clientX - at.x, y: event.clientY - at.y };
  canvas.classList.add("dragging");
});
window.addEventListener("pointermove", (event) => {
  if (!drag) return;
  at.x = event.clientX - drag.x;
  at.y = event.clientY - drag.y;
  place();
});
window.addEventListener("pointerup", () => { drag = null; canvas.classList.remove("dragging"); });
canvas.addEventListener("wheel", (event) => {
  event.preventDefault();
  const box = canvas.getBoundingClientRect();
  const px = event.clientX - box.left, py = event.clientY - box.top;
  const k = Math.min(4, Math.max(0.03, at.k * Math.exp(-event.deltaY / 500)));
  at.x = px - (px - at.x) * (k / at.k);
  at.y = py - (py - at.y) * (k / at.k);
  at.k = k;
  place();
}, { passive: false });
$("search").addEventListener("input", search);
$("search").addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  const hits = search();
  if (hits.length) { centre(hits[0]); choose(hits[0]); }
});
$("fit").onclick = fit;
$("board").onchange = () => ($("board").value ? showBoard($("board").value) : ($("boardview").hidden = true));

new EventSource("/events").addEventListener("check", () => load());
