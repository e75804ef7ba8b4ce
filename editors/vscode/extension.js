// Starts `vcompiler lsp` for .vcl files. Everything the editor shows beyond colours
// (diagnostics, hover, go to definition, rename, ...) comes from that server.
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

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
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
