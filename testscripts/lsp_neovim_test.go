package testscripts

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nvimInit is the Neovim configuration of the test: Neovim's own LSP
// client (vim.lsp, as in Neovim 0.7, Debian bookworm's, and later) starts
// `sfmd lsp`, opens the document, waits for the diagnostics, jumps to the
// definition of the hint /act.forecast and writes what it saw to a file.
const nvimInit = `
local out = {}
local function log(s) table.insert(out, s) end
local function finish()
  vim.fn.writefile(out, OUT)
  vim.cmd('qall!')
end

local id = vim.lsp.start_client({ name = 'sfmd', cmd = { SFMD, 'lsp', '--stdio' }, root_dir = ROOT })
if not id then log('error: the client did not start'); finish() end
vim.cmd('edit ' .. vim.fn.fnameescape(DOC))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, id)

if not vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  log('error: no diagnostics')
  finish()
end
local names = { 'error', 'warning', 'info', 'hint' }
for _, d in ipairs(vim.diagnostic.get(buf)) do
  log(string.format('diagnostic %d:%d %s %s %s', d.lnum + 1, d.col + 1, names[d.severity], d.code, d.source))
end

vim.fn.cursor(1, 1)
vim.fn.search('/act\\.forecast')
vim.cmd('normal! 6l')
local before = vim.api.nvim_win_get_cursor(0)
log(string.format('cursor %d:%d', before[1], before[2] + 1))
vim.lsp.buf.definition()
vim.wait(20000, function() return vim.api.nvim_win_get_cursor(0)[1] ~= before[1] end, 20)
local after = vim.api.nvim_win_get_cursor(0)
log(string.format('definition %d:%d %s', after[1], after[2] + 1, vim.api.nvim_get_current_line()))
finish()
`

// TestNeovim is the end-to-end test with a real editor client: headless
// Neovim's built-in LSP client talks to `sfmd lsp`. It needs nvim (the
// Debian package neovim; .ci/run installs it): without it the test skips,
// except under CI, where it fails.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("nvim is not installed; CI needs it for the editor test (.ci/run installs the Debian package neovim when run as root)")
		}
		t.Skip("nvim is not installed (apt-get install neovim): skipping the Neovim end-to-end test")
	}
	sfmdBin, err := exec.LookPath("sfmd") // the test binary, installed by TestMain
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	doc := filepath.Join(dir, "weather.md")
	out := filepath.Join(dir, "seen.txt")
	lua := "SFMD = " + luaString(sfmdBin) + "\nROOT = " + luaString(dir) + "\nDOC = " + luaString(doc) + "\nOUT = " + luaString(out) + "\n" + nvimInit
	for name, content := range map[string]string{doc: lspDoc, filepath.Join(dir, "init.lua"): lua} {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "--noplugin", "-u", filepath.Join(dir, "init.lua"))
	cmd.Dir = dir
	home := filepath.Join(dir, "home")
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "XDG_STATE_HOME="+home, "XDG_CACHE_HOME="+home)
	output, err := cmd.CombinedOutput()
	seen, rerr := os.ReadFile(out)
	if err != nil || rerr != nil {
		lspLog, _ := os.ReadFile(filepath.Join(home, "nvim", "lsp.log"))
		t.Fatalf("nvim: %v, %v\noutput:\n%s\nseen:\n%s\nlsp.log:\n%s", err, rerr, output, seen, lspLog)
	}
	want := `diagnostic 11:45 error header-syntax-invalid sfmd
cursor 8:17
definition 10:8 ` + "```act.forecast" + `
`
	if string(seen) != want {
		t.Errorf("Neovim saw:\n%s\nwant:\n%s", seen, want)
	}
	t.Logf("Neovim saw:\n%s", seen)
}

// luaString quotes s as a Lua string literal.
func luaString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
