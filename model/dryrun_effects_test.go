package model

import (
	"strings"
	"testing"
)

// TestDryRunKeepsPlaceholder: an optional field left out, without a
// default or a session variable of its name, leaves its placeholder as
// written in the URL (fetch percent-encodes the braces in the path), the
// command and the -d body.
func TestDryRunKeepsPlaceholder(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"GET https://x.com/q/{queue}/t", "https://x.com/q/%7Bqueue%7D/t"},
		{"CLI gh repo list {queue} --limit 5", "gh repo list {queue} --limit 5"},
		{`POST https://x.com/ -d '{"q":"{queue}"}'`, `{"q":"{queue}"}`},
	} {
		s, ok := dryParse(act("a", tc.line, "  queue: string")).DryRun("a", "", nil, nil)
		got := s.URL
		if s.CLI {
			got = s.Command
		} else if s.HasBody {
			got = s.Body
		}
		if !ok || s.Code != "" || got != tc.want {
			t.Errorf("%s: sent %q (%s %s), want %q", tc.line, got, s.Code, s.Message, tc.want)
		}
	}
}

// TestDryRunShellQuotesTilde: a CLI value with ~ (or *) is single-quoted
// (shellQuote), so bash expands neither.
func TestDryRunShellQuotesTilde(t *testing.T) {
	for v, want := range map[string]string{"~/notes": "ls -1 '~/notes'", "*.md": "ls -1 '*.md'", "notes/a.md": "ls -1 notes/a.md"} {
		s, _ := dryParse(act("a", "CLI ls -1 {dir}", "  dir: string")).DryRun("a", "--dir '"+v+"'", nil, nil)
		if s.Command != want {
			t.Errorf("%s: command %q, want %q", v, s.Command, want)
		}
	}
	// a $HOME default is resolved (context var HOME) before quoting
	s, _ := dryParse(act("a", "CLI ls -1 {dir}", `  dir: string = "$HOME/notes"`)).DryRun("a", "", nil, nil)
	if s.Command != "ls -1 /home/notes" {
		t.Errorf("$HOME default: command %q", s.Command)
	}
}

// TestDryRunFetchRefuses: fetch throws before sending for a header value
// above U+00FF and for a URL with credentials; the call fails with
// LOAD_ERROR "Network error: …".
func TestDryRunFetchRefuses(t *testing.T) {
	for line, want := range map[string]string{
		`GET https://x.com/ -H "User-Agent: bot — v1"`: "Network error: Cannot convert argument to a ByteString because the character at index 4 has a value of 8212",
		"POST https://u:p@x.com/run":                   "Network error: Request cannot be constructed from a URL that includes credentials",
		`GET https://x.com/ -H "User-Agent: café"`:     "",
	} {
		s, _ := dryParse(act("a", line)).DryRun("a", "", nil, nil)
		if want == "" {
			if s.Code != "" {
				t.Errorf("%s: refused: %s", line, s.Message)
			}
			continue
		}
		if s.Code != codeLoadError || !strings.HasPrefix(s.Message, want) {
			t.Errorf("%s: %s %q, want %q", line, s.Code, s.Message, want)
		}
	}
}

// TestDryRunFormBodyRaw: a value in a -d body that is not a whole JSON
// string is inserted as it is (substituteBodyTemplate): in a form, an &
// in it starts another field.
func TestDryRunFormBodyRaw(t *testing.T) {
	s, _ := dryParse(act("a", "POST https://x.com/ -d 'name={name}&list=news'", "  name: string")).DryRun("a", "--name 'Tom & Jerry'", nil, nil)
	if s.Body != "name=Tom & Jerry&list=news" {
		t.Errorf("body %q", s.Body)
	}
}

// TestDryRunHelp: flags that ask for help send nothing, so there is no
// dry run; a refusal is one.
func TestDryRunHelp(t *testing.T) {
	p := dryParse(act("a", "GET https://x.com/{q}", "  q: string (required)"))
	for _, args := range []string{"--help", "-h", "--q x --help"} {
		if s, ok := p.DryRun("a", args, nil, nil); ok {
			t.Errorf("%s: dry run %+v", args, s)
		}
	}
	if s, ok := p.DryRun("a", "--q", nil, nil); !ok || s.Code != codeInvalidPayload {
		t.Errorf("bare flag: %v %+v", ok, s)
	}
}
