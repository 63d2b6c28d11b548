// The sfmd extension: starts `sfmd lsp --stdio` for Markdown documents
// and lets VS Code's language client do the rest (diagnostics, quick
// fixes, fix all on save with "source.fixAll.sfmd", definition,
// references, outline, hover, completion, rename). The command "sfmd:
// Show the page as the agent sees it" opens, beside the source, the page
// an agent reads on /open, as the server's sfmd.view command renders it
// (sfmd view), updated as you type.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

// The agent's view of a document: a read-only virtual document whose URI
// holds the source document's URI in its query.
const VIEW_SCHEME = 'sfmd-view';

class ViewProvider {
  constructor() {
    this.changed = new vscode.EventEmitter();
    this.onDidChange = this.changed.event;
    this.timers = new Map();
  }

  async provideTextDocumentContent(uri) {
    const source = uri.query;
    try {
      const r = await client.sendRequest('workspace/executeCommand', {
        command: 'sfmd.view',
        arguments: [source],
      });
      if (!r.ok) {
        return `The runtime does not open this page:\n\n${r.page}\n`;
      }
      const note = r.defaultAction
        ? `\n\n(/open then runs the default action "${r.defaultAction}", not run here.)\n`
        : '\n';
      return r.page + note;
    } catch (e) {
      return `sfmd could not render the page: ${e.message}\n`;
    }
  }

  // refresh re-renders the views of source (a URI string) a moment after
  // the last change, as the linter does.
  refresh(source) {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme !== VIEW_SCHEME || doc.uri.query !== source) continue;
      clearTimeout(this.timers.get(source));
      this.timers.set(source, setTimeout(() => this.changed.fire(doc.uri), 300));
    }
  }
}

function viewURI(source) {
  const name = source.path.split('/').pop() || 'page';
  return vscode.Uri.from({ scheme: VIEW_SCHEME, path: `/${name} (as the agent sees it)`, query: source.toString() });
}

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
  const views = new ViewProvider();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(VIEW_SCHEME, views),
    vscode.workspace.onDidChangeTextDocument((e) => views.refresh(e.document.uri.toString())),
    vscode.commands.registerCommand('sfmd.showView', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.uri.scheme === VIEW_SCHEME) return;
      const doc = await vscode.workspace.openTextDocument(viewURI(editor.document.uri));
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
    }),
  );
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
