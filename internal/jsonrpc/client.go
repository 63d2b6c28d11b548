package jsonrpc

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"sync"
)

// Client is the other end of a connection: what an editor does, for
// tests and benchmarks. It reads in its own goroutine; server requests
// (workspace/applyEdit, client/registerCapability) and notifications
// (textDocument/publishDiagnostics) go to the handler given to NewClient.
type Client struct {
	w       *Writer
	r       *Reader
	handler func(*Message) (any, *Error)

	mu      sync.Mutex
	next    int
	pending map[string]chan *Message
	err     error
	done    chan struct{}
}

// NewClient starts reading from r. handler receives every request and
// notification of the server, from the reading goroutine; for requests
// its result (or error) is sent back. A nil handler answers null.
func NewClient(r io.Reader, w io.Writer, handler func(*Message) (any, *Error)) *Client {
	c := &Client{w: NewWriter(w), r: NewReader(r, 0), handler: handler, pending: map[string]chan *Message{}, done: make(chan struct{})}
	go c.loop()
	return c
}

func (c *Client) loop() {
	defer close(c.done)
	for {
		m, err := c.r.Read()
		var fe *FrameError
		if errors.As(err, &fe) {
			continue
		}
		if err != nil {
			c.mu.Lock()
			c.err = err
			for _, ch := range c.pending {
				close(ch)
			}
			c.pending = map[string]chan *Message{}
			c.mu.Unlock()
			return
		}
		if m.IsResponse() {
			c.mu.Lock()
			ch := c.pending[string(m.ID)]
			delete(c.pending, string(m.ID))
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		var result any
		var rpcErr *Error
		if c.handler != nil {
			result, rpcErr = c.handler(m)
		}
		if m.IsRequest() {
			// Not from this goroutine: over a synchronous pipe the server
			// may be writing to us at the same moment.
			go func() { _ = c.w.Reply(m.ID, result, rpcErr) }()
		}
	}
}

// Done is closed when the server's output ended.
func (c *Client) Done() <-chan struct{} { return c.done }

// Call sends a request and decodes the result into result (unless nil).
// A response error is returned as *Error.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	id, ch, err := c.Start(method, params)
	if err != nil {
		return err
	}
	return c.Wait(ctx, id, ch, result)
}

// Start sends a request and returns its ID and the channel its response
// arrives on (for requests cancelled or awaited later).
func (c *Client) Start(method string, params any) (json.RawMessage, chan *Message, error) {
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return nil, nil, err
	}
	c.next++
	id := json.RawMessage(strconv.Itoa(c.next))
	ch := make(chan *Message, 1)
	c.pending[string(id)] = ch
	c.mu.Unlock()
	if err := c.w.Request(id, method, params); err != nil {
		return nil, nil, err
	}
	return id, ch, nil
}

// Wait waits for the response on ch and decodes it into result.
func (c *Client) Wait(ctx context.Context, id json.RawMessage, ch chan *Message, result any) error {
	select {
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, string(id))
		c.mu.Unlock()
		return ctx.Err()
	case m, ok := <-ch:
		if !ok {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.err
		}
		if m.Error != nil {
			return m.Error
		}
		if result == nil {
			return nil
		}
		return json.Unmarshal(m.Result, result)
	}
}

// Notify sends a notification.
func (c *Client) Notify(method string, params any) error { return c.w.Notify(method, params) }
