package jsonrpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

func frame(body string) string {
	return "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}

func TestReaderFraming(t *testing.T) {
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`) +
		"content-length: 5\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{bad}" +
		frame(`{"jsonrpc":"2.0","method":"exit"}`) +
		frame(strings.Repeat(" ", 60)+`{"jsonrpc":"2.0","id":"x","method":"big"}`) +
		frame(`{"jsonrpc":"2.0","id":2,"result":null}`) +
		frame(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":""}}`) +
		frame(`{"jsonrpc":"2.0"}`)
	r := NewReader(strings.NewReader(in), 70)
	m, err := r.Read()
	if err != nil || !m.IsRequest() || m.Method != "initialize" || string(m.ID) != "1" {
		t.Fatalf("request: %+v %v", m, err)
	}
	var fe *FrameError
	if _, err := r.Read(); !errors.As(err, &fe) {
		t.Fatalf("invalid JSON: %v, want a FrameError", err)
	}
	if m, err := r.Read(); err != nil || !m.IsNotification() || m.Method != "exit" {
		t.Fatalf("notification: %+v %v", m, err)
	}
	if _, err := r.Read(); !errors.As(err, &fe) || !strings.Contains(err.Error(), "exceeds") {
		t.Fatalf("oversized: %v", err)
	}
	if m, err := r.Read(); err != nil || !m.IsResponse() || string(m.ID) != "2" {
		t.Fatalf("response: %+v %v", m, err)
	}
	if m, err := r.Read(); err != nil || !m.IsResponse() || string(m.ID) != "null" || m.Error.Code != ParseError {
		t.Fatalf("error response with a null id: %+v %v", m, err)
	}
	if _, err := r.Read(); !errors.As(err, &fe) {
		t.Fatalf("empty message: %v", err)
	}
	if _, err := r.Read(); !errors.Is(err, io.EOF) {
		t.Fatalf("end: %v, want EOF", err)
	}
	for _, bad := range []string{"Content-Length: x\r\n\r\n", "Nonsense\r\n\r\n", "\r\n", "Content-Length: 10\r\n\r\n{}", "Content-Length: 3\r\n"} {
		if _, err := NewReader(strings.NewReader(bad), 0).Read(); err == nil || errors.As(err, &fe) {
			t.Errorf("%q: %v, want a stream error", bad, err)
		}
	}
}

func TestWriterReply(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	_ = w.Reply(json.RawMessage("7"), nil, nil)
	_ = w.Reply(nil, nil, Errorf(ParseError, "bad %s", "json"))
	_ = w.Notify("n", map[string]int{"a": 1})
	want := frame(`{"jsonrpc":"2.0","id":7,"result":null}`) +
		frame(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad json"}}`) +
		frame(`{"jsonrpc":"2.0","method":"n","params":{"a":1}}`)
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}

// A client and an echo server over pipes: calls, server requests,
// errors, the end of the stream.
func TestClient(t *testing.T) {
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	go func() {
		r, w := NewReader(sr, 0), NewWriter(sw)
		for {
			m, err := r.Read()
			if err != nil {
				_ = sw.Close()
				return
			}
			switch m.Method {
			case "echo":
				_ = w.Request(json.RawMessage(`"s1"`), "ask", nil)
				_ = w.Reply(m.ID, m.Params, nil)
			case "fail":
				_ = w.Reply(m.ID, nil, Errorf(RequestFailed, "no"))
			}
		}
	}()
	asked := make(chan bool, 1)
	c := NewClient(cr, cw, func(m *Message) (any, *Error) {
		if m.Method == "ask" {
			asked <- true
		}
		return "yes", nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var got map[string]string
	if err := c.Call(ctx, "echo", map[string]string{"k": "v"}, &got); err != nil || got["k"] != "v" {
		t.Fatalf("echo: %v %v", got, err)
	}
	<-asked
	var rpcErr *Error
	if err := c.Call(ctx, "fail", nil, nil); !errors.As(err, &rpcErr) || rpcErr.Code != RequestFailed {
		t.Fatalf("fail: %v", err)
	}
	_ = cw.Close()
	<-c.Done()
	if err := c.Call(ctx, "echo", nil, nil); err == nil {
		t.Errorf("call after the end: no error")
	}
}
