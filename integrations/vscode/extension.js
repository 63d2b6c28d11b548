// The sfmd extension: starts `sfmd lsp --stdio` for Markdown documents
// and lets VS Code's language client do the rest (diagnostics, quick
// fixes, fix all on save with "source.fixAll.sfmd", definition,
// references, outline, hover, completion, rename).
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function newClient() {
  const config = vscode.workspace.getConfiguration('sfmd');
  const server = {
    command: config.get('path', 'sfmd'),
    args: ['lsp', '--stdio', ...config.get('args', [])],
  };
  return new LanguageClient('sfmd', 'sfmd', server, {
    documentSelector: [
      { scheme: 'file', language: 'markdown' },
      { scheme: 'untitled', language: 'markdown' },
    ],
  });
}

async function activate(context) {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('sfmd')) {
        await client.stop();
        client = newClient();
        await client.start();
      }
    }),
  );
  client = newClient();
  await client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
