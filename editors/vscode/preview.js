// The preview beside the editor, without VS Code's API (so that `node --test` can
// hold it to its word): which pack a file is in, starting `vcompiler preview` on a
// free port and reading the address it prints, and the webview's page, which shows
// that address in a frame and passes messages both ways: the cursor's entry in,
// "open this source" out.
"use strict";

const path = require("path");
const fs = require("fs");
const { spawn } = require("child_process");

// What `vcompiler preview` prints once its page answers.
const ANNOUNCED = /\bat (http:\/\/127\.0\.0\.1:\d+\/)/;

/** The pack folder a file is in: the nearest folder above it holding pack.vcl. */
function packFolder(file, exists = fs.existsSync) {
  let folder = path.dirname(file);
  for (;;) {
    if (exists(path.join(folder, "pack.vcl"))) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) return null;
    folder = parent;
  }
}

/**
 * Starts `command args... preview PACK --port 0`; resolves to {url, process} once it
 * prints its address, rejects with what it said on stderr if it ends before.
 */
function startPreview(command, args, pack, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, "preview", pack, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"], ...options });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const found = ANNOUNCED.exec(out);
      if (found) resolve({ url: found[1], process: child });
    });
    child.stderr.on("data", (chunk) => { err += chunk; });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`vcompiler preview ended (${code}): ${err.trim() || out.trim()}`)));
  });
}

/** The webview's page: the preview in a frame, and the messages passed through. */
function webviewHtml(url, nonce, cspSource) {
  const origin = new URL(url).origin;
  const csp = [
    "default-src 'none'",
    `frame-src ${origin}`,
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'unsafe-inline'`,
  ].join("; ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<style>html, body, iframe { margin: 0; padding: 0; border: 0; width: 100%; height: 100%; overflow: hidden; }</style>
</head>
<body>
<iframe id="preview" src="${url}" title="VCL preview"></iframe>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  const frame = document.getElementById("preview");
  const origin = ${JSON.stringify(origin)};
  window.addEventListener("message", (event) => {
    const said = event.data || {};
    if (event.origin === origin) {
      if (said.vcompiler === "open") vscode.postMessage({ open: { path: said.path, line: said.line } });
    } else if (said.vcompiler === "entry") {
      frame.contentWindow.postMessage(said, origin);
    }
  });
</script>
</body>
</html>`;
}

function nonce() {
  return require("crypto").randomBytes(16).toString("base64").replace(/[^A-Za-z0-9]/g, "");
}

module.exports = { ANNOUNCED, packFolder, startPreview, webviewHtml, nonce };
