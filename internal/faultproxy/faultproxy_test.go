package faultproxy_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/rentproof/rentproof/internal/faultproxy"
)

// echo serves lines back to their sender until the test ends, and returns its address.
func echo(t *testing.T) string {
	t.Helper()
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if _, err := c.Write([]byte(line)); err != nil {
						return
					}
				}
			}()
		}
	}()
	return ln.Addr().String()
}

// roundTrip sends a line on c and reads it back, returning how long it took.
func roundTrip(c net.Conn) (time.Duration, error) {
	begin := time.Now()
	_ = c.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := c.Write([]byte("ping\n")); err != nil {
		return 0, err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err == nil && line != "ping\n" {
		err = fmt.Errorf("echoed %q", line)
	}
	return time.Since(begin), err
}

func dial(t *testing.T, addr string) (net.Conn, error) {
	t.Helper()
	var d net.Dialer
	return d.DialContext(context.Background(), "tcp", addr)
}

func TestFaults(t *testing.T) {
	t.Parallel()
	p := faultproxy.Start(t, echo(t))
	c, err := dial(t, p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := roundTrip(c); err != nil {
		t.Fatalf("forwarding: %v", err)
	}

	// Latency: each direction waits.
	p.SetLatency(100 * time.Millisecond)
	if took, err := roundTrip(c); err != nil || took < 200*time.Millisecond {
		t.Errorf("with 100 ms each way: %v, %v", took, err)
	}
	p.SetLatency(0)

	// Cut: the open connection is reset; a new one works.
	p.Cut()
	if _, err := roundTrip(c); err == nil {
		t.Error("a cut connection still answered")
	}
	c2, err := dial(t, p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if _, err := roundTrip(c2); err != nil {
		t.Errorf("after a cut: %v", err)
	}

	// Down: open connections are reset, new ones too, until Up.
	p.Down()
	if _, err := roundTrip(c2); err == nil {
		t.Error("a connection open at the outage still answered")
	}
	if c3, err := dial(t, p.Addr()); err == nil {
		if _, err := roundTrip(c3); err == nil {
			t.Error("a new connection answered during the outage")
		}
		c3.Close()
	}
	p.Up()
	c4, err := dial(t, p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c4.Close()
	if _, err := roundTrip(c4); err != nil {
		t.Errorf("after the outage: %v", err)
	}
}
