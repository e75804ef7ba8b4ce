// The preview beside the editor: finding the pack, starting `vcompiler preview` and
// reading its address (the real command, from this repository), and the webview's
// page passing messages: the cursor's entry to the preview, "open a source" back.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const path = require("path");
const vm = require("vm");
const { ANNOUNCED, packFolder, startPreview, webviewHtml } = require("../preview");

const REPO = path.resolve(__dirname, "..", "..", "..");
const EYE = path.join(REPO, "source_content", "eye-of-the-void");

test("a file's pack is the nearest folder above it with pack.vcl", () => {
  const packs = new Set(["/w/packs/eye/pack.vcl"]);
  const exists = (p) => packs.has(p);
  assert.strictEqual(packFolder("/w/packs/eye/logs/logbook.vcl", exists), "/w/packs/eye");
  assert.strictEqual(packFolder("/w/packs/eye/pack.vcl", exists), "/w/packs/eye");
  assert.strictEqual(packFolder("/w/other/loose.vcl", exists), null);
});

test("the address is read from what the command prints", () => {
  const said = "preview of eye-of-the-void at http://127.0.0.1:40123/ (Ctrl-C stops it)";
  assert.strictEqual(ANNOUNCED.exec(said)[1], "http://127.0.0.1:40123/");
  assert.strictEqual(ANNOUNCED.exec("preview at http://example.com:80/"), null);
});

test("vcompiler preview starts on a free port and its page answers", async () => {
  const python = process.env.PYTHON || "python3";
  const started = await startPreview(python, ["-m", "vcompiler"], EYE, { cwd: REPO });
  try {
    assert.match(started.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const state = await (await fetch(started.url + "state")).json();
    assert.strictEqual(state.ok, true);
    assert.ok(state.targets.some((t) => t.anchor === "log-206"));
    const page = await (await fetch(started.url)).text();
    assert.match(page, /<iframe id="reader"/);
  } finally {
    started.process.kill();
  }
});

test("a preview that cannot start says why", async () => {
  const python = process.env.PYTHON || "python3";
  await assert.rejects(startPreview(python, ["-m", "vcompiler"], path.join(REPO, "no-such-pack"), { cwd: REPO }),
    /vcompiler preview ended \(2\)/);
});

function webview(url) {
  // The webview's page run against stand-ins for the window, the frame and VS Code.
  const html = webviewHtml(url, "n0nce", "vscode-resource:");
  const script = /<script nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)[1];
  const listeners = [];
  const toFrame = [];
  const toEditor = [];
  const frame = { contentWindow: { postMessage: (data, origin) => toFrame.push([data, origin]) } };
  const context = {
    acquireVsCodeApi: () => ({ postMessage: (m) => toEditor.push(m) }),
    document: { getElementById: () => frame },
    window: { addEventListener: (name, fn) => listeners.push(fn) },
  };
  vm.runInNewContext(script, context);
  const send = (origin, data) => listeners.forEach((fn) => fn({ origin, data }));
  return { html, send, toFrame, toEditor };
}

test("the webview frames the preview and passes messages both ways", () => {
  const { html, send, toFrame, toEditor } = webview("http://127.0.0.1:40123/");
  assert.match(html, /frame-src http:\/\/127\.0\.0\.1:40123;/);
  assert.match(html, /<iframe id="preview" src="http:\/\/127\.0\.0\.1:40123\/"/);
  send("vscode-webview://abc", { vcompiler: "entry", anchor: "log-206" });
  assert.deepStrictEqual(JSON.parse(JSON.stringify(toFrame)),
    [[{ vcompiler: "entry", anchor: "log-206" }, "http://127.0.0.1:40123"]]);
  send("http://127.0.0.1:40123", { vcompiler: "open", path: "/p/logbook.vcl", line: 37 });
  assert.deepStrictEqual(JSON.parse(JSON.stringify(toEditor)), [{ open: { path: "/p/logbook.vcl", line: 37 } }]);
  send("http://elsewhere.example", { vcompiler: "open", path: "/etc/passwd", line: 1 });
  assert.strictEqual(toEditor.length, 1);
});
