// Package faultproxy is a TCP proxy for tests that stands between the server and PostgreSQL and
// does to the connections what a network and a database do in production: it adds latency, cuts
// every open connection, and refuses new ones for as long as an outage lasts.
//
// It is a few dozen lines of the test's own, in process, rather than toxiproxy: the tests need
// exactly these three faults, switched synchronously from the test's goroutine, with no daemon
// to start, no HTTP API between the test and the fault and no new module in go.mod.
package faultproxy

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"
)

// Proxy forwards every connection made to Addr to the upstream address, with the faults set on it.
type Proxy struct {
	upstream string
	ln       net.Listener

	mu      sync.Mutex
	latency time.Duration
	down    bool
	conns   map[net.Conn]struct{} // both ends of every open connection
}

// Start listens on a free loopback port and forwards to upstream (host:port) until the test ends.
func Start(t testing.TB, upstream string) *Proxy {
	t.Helper()
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{upstream: upstream, ln: ln, conns: map[net.Conn]struct{}{}}
	done := make(chan struct{})
	go func() { defer close(done); p.serve() }()
	t.Cleanup(func() {
		ln.Close()
		<-done
		p.Cut()
	})
	return p
}

// Addr is the proxy's host:port, to connect to instead of the upstream.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// SetLatency delays every chunk of data, in each direction, by d (0: none).
func (p *Proxy) SetLatency(d time.Duration) {
	p.mu.Lock()
	p.latency = d
	p.mu.Unlock()
}

// Cut resets every open connection, as a crashed database host or a broken network does; new
// connections are forwarded as before.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		reset(c)
		delete(p.conns, c)
	}
}

// Down cuts every open connection and resets each new one at once, as a database that is not
// there does, until Up.
func (p *Proxy) Down() {
	p.mu.Lock()
	p.down = true
	p.mu.Unlock()
	p.Cut()
}

// Up forwards new connections again after Down.
func (p *Proxy) Up() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

func (p *Proxy) serve() {
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return // closed at the test's end
		}
		go p.forward(client)
	}
}

func (p *Proxy) forward(client net.Conn) {
	p.mu.Lock()
	down := p.down
	p.mu.Unlock()
	if down {
		reset(client)
		return
	}
	d := net.Dialer{Timeout: 5 * time.Second}
	server, err := d.Dial("tcp", p.upstream)
	if err != nil {
		reset(client)
		return
	}
	p.mu.Lock()
	if p.down { // went down while dialling
		p.mu.Unlock()
		reset(client)
		reset(server)
		return
	}
	p.conns[client], p.conns[server] = struct{}{}, struct{}{}
	p.mu.Unlock()
	var wg sync.WaitGroup
	wg.Go(func() { p.pipe(server, client) })
	wg.Go(func() { p.pipe(client, server) })
	wg.Wait()
	p.mu.Lock()
	delete(p.conns, client)
	delete(p.conns, server)
	p.mu.Unlock()
}

// pipe copies from src to dst, each chunk after the latency, until either end closes; then it
// closes both, so the other direction ends too.
func (p *Proxy) pipe(dst, src net.Conn) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			latency := p.latency
			p.mu.Unlock()
			if latency > 0 {
				time.Sleep(latency)
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				reset(dst)
			}
			return
		}
	}
}

// reset closes c with a TCP reset rather than an orderly end, as a dead peer's kernel answers.
func reset(c net.Conn) {
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = c.Close()
}
