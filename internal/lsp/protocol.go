package lsp

import "encoding/json"

// The subset of the LSP 3.17 types the server uses, with the names and
// JSON fields of the specification
// (https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/).

// Position is a 0-based line and a character offset in the negotiated
// encoding (UTF-16 code units by default).
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a half-open range of positions.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// TextEdit replaces Range with NewText.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// WorkspaceEdit is a set of edits per document.
type WorkspaceEdit struct {
	Changes map[string][]TextEdit `json:"changes,omitempty"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// TextDocumentItem is an opened document.
type TextDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

// VersionedTextDocumentIdentifier names a version of a document.
type VersionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

// TextDocumentPositionParams is a position in a document.
type TextDocumentPositionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Position     Position               `json:"position"`
}

// --- lifecycle

// InitializeParams is the subset of the client's initialize request the
// server reads.
type InitializeParams struct {
	ProcessID             *int               `json:"processId"`
	RootURI               string             `json:"rootUri"`
	RootPath              string             `json:"rootPath"`
	WorkspaceFolders      []WorkspaceFolder  `json:"workspaceFolders"`
	Capabilities          ClientCapabilities `json:"capabilities"`
	InitializationOptions json.RawMessage    `json:"initializationOptions"`
}

// WorkspaceFolder is one root of the workspace.
type WorkspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// ClientCapabilities is the subset the server looks at.
type ClientCapabilities struct {
	General *struct {
		PositionEncodings []string `json:"positionEncodings"`
	} `json:"general"`
	Workspace *struct {
		DidChangeWatchedFiles *struct {
			DynamicRegistration bool `json:"dynamicRegistration"`
		} `json:"didChangeWatchedFiles"`
	} `json:"workspace"`
	TextDocument *struct {
		Hover *struct {
			ContentFormat []string `json:"contentFormat"`
		} `json:"hover"`
		PublishDiagnostics *struct {
			RelatedInformation bool `json:"relatedInformation"`
		} `json:"publishDiagnostics"`
	} `json:"textDocument"`
}

// InitializeResult answers initialize.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   *ServerInfo        `json:"serverInfo,omitempty"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities says what the server does.
type ServerCapabilities struct {
	PositionEncoding          string                  `json:"positionEncoding,omitempty"`
	TextDocumentSync          TextDocumentSyncOptions `json:"textDocumentSync"`
	HoverProvider             bool                    `json:"hoverProvider"`
	CompletionProvider        *CompletionOptions      `json:"completionProvider,omitempty"`
	DefinitionProvider        bool                    `json:"definitionProvider"`
	ReferencesProvider        bool                    `json:"referencesProvider"`
	DocumentSymbolProvider    bool                    `json:"documentSymbolProvider"`
	CodeActionProvider        *CodeActionOptions      `json:"codeActionProvider,omitempty"`
	RenameProvider            *RenameOptions          `json:"renameProvider,omitempty"`
	DocumentHighlightProvider bool                    `json:"documentHighlightProvider"`
	ExecuteCommandProvider    *ExecuteCommandOptions  `json:"executeCommandProvider,omitempty"`
}

// ExecuteCommandOptions lists the commands of workspace/executeCommand.
type ExecuteCommandOptions struct {
	Commands []string `json:"commands"`
}

// TextDocumentSyncOptions says how documents are synchronised: open and
// close, full (1) or incremental (2) changes, save.
type TextDocumentSyncOptions struct {
	OpenClose bool `json:"openClose"`
	Change    int  `json:"change"` // 1 full, 2 incremental
	Save      bool `json:"save"`
}

// CompletionOptions lists the trigger characters.
type CompletionOptions struct {
	TriggerCharacters []string `json:"triggerCharacters,omitempty"`
}

// CodeActionOptions lists the kinds of code actions.
type CodeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds,omitempty"`
}

// RenameOptions says whether prepareRename is supported.
type RenameOptions struct {
	PrepareProvider bool `json:"prepareProvider"`
}

// --- text synchronisation

// DidOpenTextDocumentParams of textDocument/didOpen.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// DidChangeTextDocumentParams of textDocument/didChange.
type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// TextDocumentContentChangeEvent is a whole new text (Range nil) or the
// replacement of a range.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

// DidCloseTextDocumentParams of textDocument/didClose.
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// DidSaveTextDocumentParams of textDocument/didSave.
type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// DidChangeWatchedFilesParams of workspace/didChangeWatchedFiles.
type DidChangeWatchedFilesParams struct {
	Changes []struct {
		URI  string `json:"uri"`
		Type int    `json:"type"`
	} `json:"changes"`
}

// --- diagnostics

// Diagnostic severities and tags.
const (
	SeverityError       = 1
	SeverityWarning     = 2
	SeverityInformation = 3
	SeverityHint        = 4

	TagUnnecessary = 1
	TagDeprecated  = 2
)

// Diagnostic is one finding as LSP shows it.
type Diagnostic struct {
	Range              Range                          `json:"range"`
	Severity           int                            `json:"severity,omitempty"`
	Code               string                         `json:"code,omitempty"`
	CodeDescription    *CodeDescription               `json:"codeDescription,omitempty"`
	Source             string                         `json:"source,omitempty"`
	Message            string                         `json:"message"`
	Tags               []int                          `json:"tags,omitempty"`
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
}

// CodeDescription links a diagnostic's code to its documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// DiagnosticRelatedInformation is a secondary position.
type DiagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// PublishDiagnosticsParams of textDocument/publishDiagnostics.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// --- code actions

// CodeActionParams of textDocument/codeAction.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
		Only        []string     `json:"only,omitempty"`
		TriggerKind int          `json:"triggerKind,omitempty"` // 1 invoked, 2 automatic
	} `json:"context"`
}

// Code action kinds.
const (
	KindQuickFix     = "quickfix"
	KindSourceFixAll = "source.fixAll"
	KindFixAllSFMD   = "source.fixAll.sfmd"
)

// CodeAction is a fix or a refactoring.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind,omitempty"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
}

// --- navigation

// ReferenceParams of textDocument/references.
type ReferenceParams struct {
	TextDocumentPositionParams
	Context struct {
		IncludeDeclaration bool `json:"includeDeclaration"`
	} `json:"context"`
}

// DocumentSymbolParams of textDocument/documentSymbol.
type DocumentSymbolParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// Symbol kinds used.
const (
	SymbolModule    = 2
	SymbolNamespace = 3
	SymbolProperty  = 7
	SymbolField     = 8
	SymbolFunction  = 12
	SymbolVariable  = 13
	SymbolObject    = 19
	SymbolKey       = 20
	SymbolEvent     = 24
)

// DocumentSymbol is one entry of the outline.
type DocumentSymbol struct {
	Name           string           `json:"name"`
	Detail         string           `json:"detail,omitempty"`
	Kind           int              `json:"kind"`
	Range          Range            `json:"range"`
	SelectionRange Range            `json:"selectionRange"`
	Children       []DocumentSymbol `json:"children,omitempty"`
}

// DocumentHighlight marks an occurrence of the symbol under the cursor.
type DocumentHighlight struct {
	Range Range `json:"range"`
	Kind  int   `json:"kind,omitempty"` // 1 text, 2 read, 3 write
}

// RenameParams of textDocument/rename.
type RenameParams struct {
	TextDocumentPositionParams
	NewName string `json:"newName"`
}

// PrepareRenameResult is the range to rename and its current text.
type PrepareRenameResult struct {
	Range       Range  `json:"range"`
	Placeholder string `json:"placeholder"`
}

// --- hover and completion

// Hover is the content shown for a position.
type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// MarkupContent is Markdown or plain text.
type MarkupContent struct {
	Kind  string `json:"kind"` // "markdown" or "plaintext"
	Value string `json:"value"`
}

// Completion item kinds used.
const (
	CompletionText     = 1
	CompletionFunction = 3
	CompletionField    = 5
	CompletionVariable = 6
	CompletionProperty = 10
	CompletionValue    = 12
	CompletionKeyword  = 14
	CompletionEnum     = 13
	CompletionEvent    = 23
)

// CompletionList answers textDocument/completion.
type CompletionList struct {
	IsIncomplete bool             `json:"isIncomplete"`
	Items        []CompletionItem `json:"items"`
}

// CompletionItem is one proposal; TextEdit replaces the word being typed.
type CompletionItem struct {
	Label         string         `json:"label"`
	Kind          int            `json:"kind,omitempty"`
	Detail        string         `json:"detail,omitempty"`
	Documentation *MarkupContent `json:"documentation,omitempty"`
	SortText      string         `json:"sortText,omitempty"`
	FilterText    string         `json:"filterText,omitempty"`
	TextEdit      *TextEdit      `json:"textEdit,omitempty"`
}

// --- window

// LogMessageParams of window/logMessage.
type LogMessageParams struct {
	Type    int    `json:"type"` // 1 error, 2 warning, 3 info, 4 log
	Message string `json:"message"`
}

// Registration of client/registerCapability.
type Registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions,omitempty"`
}

// RegistrationParams of client/registerCapability.
type RegistrationParams struct {
	Registrations []Registration `json:"registrations"`
}
