// Starts `vcompiler lsp` for .vcl files. Everything the editor shows beyond colours
// (diagnostics, hover, go to definition, rename, ...) comes from that server. The
// command "VCL: Open Preview to the Side" starts `vcompiler preview` on the file's pack
// and shows its page in a webview that follows the cursor's entry (the server's
// vcompiler/entryAt).
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");
const { packFolder, startPreview, webviewHtml, nonce } = require("./preview");

let client;
const previews = new Map();       // pack folder -> {panel, process}

async function openPreview(context, command, args) {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "vcl" || editor.document.uri.scheme !== "file") {
    vscode.window.showInformationMessage("Open a .vcl file of a pack to preview it.");
    return;
  }
  const pack = packFolder(editor.document.uri.fsPath);
  if (!pack) {
    vscode.window.showErrorMessage("This file is in no pack: no pack.vcl in its folder or above.");
    return;
  }
  const open = previews.get(pack);
  if (open) {
    open.panel.reveal(vscode.ViewColumn.Beside, true);
    return;
  }
  let started;
  try {
    started = await startPreview(command, args.filter((a) => a !== "lsp"), pack);
  } catch (error) {
    vscode.window.showErrorMessage(`Could not start the preview: ${error.message}`);
    return;
  }
  const url = (await vscode.env.asExternalUri(vscode.Uri.parse(started.url))).toString();
  const panel = vscode.window.createWebviewPanel("vclPreview", `Preview: ${require("path").basename(pack)}`,
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true, retainContextWhenHidden: true });
  panel.webview.html = webviewHtml(url, nonce(), panel.webview.cspSource);
  previews.set(pack, { panel, process: started.process });
  panel.webview.onDidReceiveMessage(async (message) => {
    if (!message.open) return;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(message.open.path));
    const line = Math.max(0, (message.open.line || 1) - 1);
    await vscode.window.showTextDocument(document, {
      viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(line, 0, line, 0) });
  }, undefined, context.subscriptions);
  panel.onDidDispose(() => {
    started.process.kill();
    previews.delete(pack);
  }, undefined, context.subscriptions);
}

// As Inky's pane does: the preview shows the entry the cursor is in.
let pending;
function followCursor(event) {
  const document = event.textEditor.document;
  if (document.languageId !== "vcl" || !client || previews.size === 0) return;
  clearTimeout(pending);
  pending = setTimeout(async () => {
    const pack = packFolder(document.uri.fsPath);
    const open = pack && previews.get(pack);
    if (!open) return;
    const position = event.selections[0].active;
    const entry = await client.sendRequest("vcompiler/entryAt", {
      textDocument: { uri: document.uri.toString() }, position: { line: position.line, character: position.character } });
    if (entry && entry.anchor) open.panel.webview.postMessage({ vcompiler: "entry", anchor: entry.anchor });
  }, 150);
}

function activate(context) {
  const settings = vscode.workspace.getConfiguration("vcl");
  const command = settings.get("server.command") || "vcompiler";
  const args = settings.get("server.args") || ["lsp"];
  const serverOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "vcl" },
      { scheme: "untitled", language: "vcl" },
    ],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.vcl") },
  };
  client = new LanguageClient("vcl", "VCL language server", serverOptions, clientOptions);
  client.start().catch((error) => {
    vscode.window.showErrorMessage(
      `Could not start "${command} ${args.join(" ")}": ${error.message}. ` +
      // vcompiler is not on PyPI: it is installed from its repository, most often
      // into a virtualenv that VS Code's PATH does not reach.
      "Install vcompiler from its repository (in a clone: python3 -m venv .venv && " +
      ".venv/bin/pip install .) and set vcl.server.command to that vcompiler, " +
      "e.g. /path/to/clone/.venv/bin/vcompiler.");
  });
  context.subscriptions.push(
    vscode.commands.registerCommand("vcl.preview", () => openPreview(context, command, args)),
    vscode.window.onDidChangeTextEditorSelection(followCursor),
    { dispose: () => client && client.stop() },
    { dispose: () => { for (const open of previews.values()) open.process.kill(); } });
}

function deactivate() {
  for (const open of previews.values()) open.process.kill();
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
