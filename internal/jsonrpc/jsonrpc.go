// Package jsonrpc is the JSON-RPC 2.0 layer of the language server: the
// base protocol's framing (Content-Length headers, as LSP specifies it),
// messages, and a small client for tests and benchmarks. It is a leaf:
// it knows nothing of LSP's methods or of the rest of the module.
package jsonrpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Error codes of JSON-RPC and LSP.
const (
	ParseError           = -32700
	InvalidRequest       = -32600
	MethodNotFound       = -32601
	InvalidParams        = -32602
	InternalError        = -32603
	ServerNotInitialized = -32002
	RequestFailed        = -32803
	RequestCancelled     = -32800
	ContentModified      = -32801
)

// Error is the error object of a response.
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message) }

// Errorf returns an *Error with the code and a formatted message.
func Errorf(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Message is a request (ID and Method), a notification (Method only) or a
// response (ID and Result or Error) as read from the stream.
type Message struct {
	ID     json.RawMessage // nil for notifications
	Method string
	Params json.RawMessage
	Result json.RawMessage
	Error  *Error
}

// IsRequest reports whether m expects a response.
func (m *Message) IsRequest() bool { return m.Method != "" && m.ID != nil }

// IsNotification reports whether m is a notification.
func (m *Message) IsNotification() bool { return m.Method != "" && m.ID == nil }

// IsResponse reports whether m answers a request.
func (m *Message) IsResponse() bool { return m.Method == "" && m.ID != nil }

type wireMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// FrameError is a message that could not be read but did not break the
// stream: the next Read continues after it (an oversized or malformed
// body). Errors of other types mean the stream is unusable.
type FrameError struct {
	Msg string
	ID  json.RawMessage // the request's ID when it could be read, else nil
}

func (e *FrameError) Error() string { return e.Msg }

// Reader reads framed messages.
type Reader struct {
	r   *bufio.Reader
	max int
}

// DefaultMaxMessage bounds the body of one message (a 64 MB document is
// far beyond what an editor sends for a Markdown file).
const DefaultMaxMessage = 64 << 20

// maxHeaderLine bounds one header line.
const maxHeaderLine = 4096

// NewReader reads messages from r, refusing bodies over max bytes (<= 0:
// DefaultMaxMessage).
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMaxMessage
	}
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Read returns the next message. io.EOF means the stream ended between
// messages; a *FrameError a message that was skipped.
func (r *Reader) Read() (*Message, error) {
	length, err := r.header()
	if err != nil {
		return nil, err
	}
	if length > r.max {
		if _, err := io.CopyN(io.Discard, r.r, int64(length)); err != nil {
			return nil, err
		}
		return nil, &FrameError{Msg: fmt.Sprintf("message of %d bytes exceeds the limit of %d", length, r.max)}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r.r, body); err != nil {
		return nil, err
	}
	var w wireMessage
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, &FrameError{Msg: "invalid JSON: " + err.Error()}
	}
	m := &Message{ID: w.ID, Method: w.Method, Params: w.Params, Result: w.Result, Error: w.Error}
	if bytes.Equal(m.ID, []byte("null")) && (m.Method != "" || m.Error == nil) {
		m.ID = nil // only an error response (to an unreadable request) has a null id
	}
	if m.Method == "" && m.ID == nil {
		return nil, &FrameError{Msg: "message has neither a method nor an id"}
	}
	return m, nil
}

// header reads the header block and returns Content-Length.
func (r *Reader) header() (int, error) {
	length := -1
	first := true
	for {
		line, err := r.line()
		if err != nil {
			if errors.Is(err, io.EOF) && first && line == "" {
				return 0, io.EOF
			}
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return 0, err
		}
		first = false
		if line == "" {
			if length < 0 {
				return 0, errors.New("message without a Content-Length header")
			}
			return length, nil
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return 0, fmt.Errorf("malformed header line %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return 0, fmt.Errorf("bad Content-Length %q", value)
			}
			length = n
		}
	}
}

// line reads one header line without its "\r\n" (or "\n").
func (r *Reader) line() (string, error) {
	var b []byte
	for {
		chunk, err := r.r.ReadSlice('\n')
		b = append(b, chunk...)
		if len(b) > maxHeaderLine {
			return "", errors.New("header line too long")
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			return string(b), err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

// Writer writes framed messages; it is safe for concurrent use.
type Writer struct {
	mu sync.Mutex
	w  io.Writer
}

// NewWriter writes messages to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

func (w *Writer) write(m *wireMessage) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := fmt.Fprintf(w.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = w.w.Write(body)
	return err
}

// Notify sends a notification.
func (w *Writer) Notify(method string, params any) error {
	p, err := marshalParams(params)
	if err != nil {
		return err
	}
	return w.write(&wireMessage{Method: method, Params: p})
}

// Request sends a request with the given ID.
func (w *Writer) Request(id json.RawMessage, method string, params any) error {
	p, err := marshalParams(params)
	if err != nil {
		return err
	}
	return w.write(&wireMessage{ID: id, Method: method, Params: p})
}

// Reply answers the request id with result, or with rpcErr when it is
// not nil. A nil result is sent as null, as JSON-RPC requires.
func (w *Writer) Reply(id json.RawMessage, result any, rpcErr *Error) error {
	if id == nil {
		id = json.RawMessage("null")
	}
	if rpcErr != nil {
		return w.write(&wireMessage{ID: id, Error: rpcErr})
	}
	res, err := json.Marshal(result)
	if err != nil {
		return w.write(&wireMessage{ID: id, Error: Errorf(InternalError, "cannot encode the result: %v", err)})
	}
	return w.write(&wireMessage{ID: id, Result: res})
}

func marshalParams(params any) (json.RawMessage, error) {
	if params == nil {
		return nil, nil
	}
	return json.Marshal(params)
}
