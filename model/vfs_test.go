package model

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestVirtualPaths: absolute paths resolve inside the sandbox, and the
// runtime's texts show the virtual path, never the host's
// (runtime-semantics.md §1.4 step 3, §1.8).
func TestVirtualPaths(t *testing.T) {
	doc := act("post", "POST https://api.x.com/p", `  message: string (required)`) +
		act("img", `POST https://api.x.com/i -d '{"data":"{path|base64file}","t":"{path|file}"}'`, "  path: string (required)")
	h := newHarness(t, doc)
	h.tr.body = "ok"
	expect(t, h.rt.Run("/act.post --message-file /w/does-not-exist.txt"), false, "INVALID_PAYLOAD",
		"--message-file: cannot read /w/does-not-exist.txt: ENOENT: no such file or directory, stat '/w/does-not-exist.txt'")
	if len(h.tr.reqs) != 0 {
		t.Fatal("a request was sent")
	}

	// the failed read goes into the body, and the request is still sent
	res := h.rt.Run("/act.img --path /w/does-not-exist.txt")
	if !res.OK || len(h.tr.bodies) != 1 {
		t.Fatalf("%+v %q", res, h.tr.bodies)
	}
	e := "__BODY_TEMPLATE_ERROR__: cannot read /w/does-not-exist.txt: ENOENT: no such file or directory, open '/w/does-not-exist.txt'"
	if want := `{"data":` + e + `,"t":` + e + `}`; h.tr.bodies[0] != want {
		t.Errorf("body = %s\nwant   %s", h.tr.bodies[0], want)
	}

	// /w/x.txt is <sandbox>/w/x.txt
	h.write(t, "/w/x.txt", "hi")
	h.tr.bodies = nil
	if res := h.rt.Run("/act.post --message-file /w/x.txt"); !res.OK || h.tr.bodies[0] != `{"message":"hi"}` {
		t.Errorf("%+v %q", res, h.tr.bodies)
	}
	h.tr.bodies = nil
	if res := h.rt.Run("/act.img --path ../../../w/x.txt"); !res.OK || h.tr.bodies[0] != `{"data":"aGk=","t":"hi"}` {
		t.Errorf("%+v %q", res, h.tr.bodies)
	}
}

// TestSandboxRefusals: a symbolic link out of the sandbox, an absolute
// link, a FIFO: the runtime never reads or writes through them and the
// step is failed with a clear message.
func TestSandboxRefusals(t *testing.T) {
	doc := act("post", "POST https://api.x.com/p", `  message: string (required)`) +
		act("img", `POST https://api.x.com/i -d '{"t":"{path|file}"}'`, "  path: string (required)") +
		act("dl", "GET https://api.x.com/d", "  out: string (required)") + resp("dl", "save: a", "to: {out}", "done")
	h := newHarness(t, doc)
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(secret, []byte("host secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(h.host(hCwd), secret)
	if err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"abs.txt": secret, "rel.txt": rel, "dir": outside} {
		if err := os.Symlink(target, h.host(hCwd+"/"+link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(h.host(hCwd+"/fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.tr.body = `{"a":"v"}`
	for _, tc := range []struct{ in, escape string }{
		{"/act.post --message-file abs.txt", "--message-file: /home/agent/docs/abs.txt leads outside the test's sandbox through a symbolic link"},
		{"/act.post --message-file rel.txt", "--message-file: /home/agent/docs/rel.txt leads outside"},
		{"/act.post --message-file dir/secret.txt", "--message-file: /home/agent/docs/dir/secret.txt leads outside"},
		{"/act.img --path rel.txt", "file modifier: /home/agent/docs/rel.txt leads outside"},
		{"/act.img --path fifo", "file modifier: /home/agent/docs/fifo is a named pipe, not a regular file"},
		{"/act.dl --out dir/x.txt", "to: /home/agent/docs/dir leads outside"},
		{"/act.dl --out rel.txt", "to: /home/agent/docs/rel.txt leads outside"},
		{"/act.dl --out fifo", "to: /home/agent/docs/fifo is a named pipe, not a regular file"},
	} {
		h.tr.bodies = nil
		res := h.rt.Run(tc.in)
		if !strings.HasPrefix(res.Escape, tc.escape) {
			t.Errorf("%s: escape = %q, want %q…", tc.in, res.Escape, tc.escape)
		}
		for _, b := range h.tr.bodies {
			if strings.Contains(b, "host secret") {
				t.Errorf("%s: read outside the sandbox: %s", tc.in, b)
			}
		}
	}
	if data, _ := os.ReadFile(secret); string(data) != "host secret" {
		t.Errorf("wrote outside the sandbox: %q", data)
	}
	if _, err := os.Stat(filepath.Join(outside, "x.txt")); err == nil {
		t.Error("created a file outside the sandbox")
	}
}
