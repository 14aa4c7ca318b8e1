package mailtest

import (
	"bufio"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Refuser stands between the sender and Mailpit and, while Refuse(true), answers every
// recipient with a permanent refusal (550) instead of passing it on, as a mail server whose
// mailbox is gone does; the rest of the conversation reaches Mailpit unchanged.
type Refuser struct {
	SMTPURL string // the sender's SMTP_URL: plain SMTP to the refuser
	ln      net.Listener
	refuse  atomic.Bool
}

// Refuse starts a Refuser in front of mp until the test ends, refusing from the start.
func (mp *Mailpit) Refuse(t testing.TB) *Refuser {
	t.Helper()
	upstream := strings.TrimPrefix(strings.SplitN(mp.SMTPURL, "?", 2)[0], "smtp://")
	var lc net.ListenConfig
	ln, err := lc.Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &Refuser{SMTPURL: "smtp://" + ln.Addr().String() + "?tls=none", ln: ln}
	r.refuse.Store(true)
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go r.relay(c, upstream)
		}
	}()
	return r
}

// Set refuses recipients (true) or passes them on (false).
func (r *Refuser) Set(refuse bool) { r.refuse.Store(refuse) }

// relay passes client's lines to upstream one by one and upstream's answers back, answering RCPT
// itself while refusing. The sender does not pipeline, so each command waits for its answer.
func (r *Refuser) relay(client net.Conn, upstream string) {
	defer client.Close()
	server, err := net.Dial("tcp", upstream)
	if err != nil {
		return
	}
	defer server.Close()
	// Answers are copied whole; a refusal written by the relay lands between them, which is
	// safe because the client waits for each answer before its next command.
	var mu sync.Mutex
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := server.Read(buf)
			if n > 0 {
				mu.Lock()
				_, _ = client.Write(buf[:n])
				mu.Unlock()
			}
			if err != nil {
				_ = client.Close()
				return
			}
		}
	}()
	in := bufio.NewReader(client)
	inData := false
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(line)
		switch {
		case inData:
			inData = line != ".\r\n"
		case strings.HasPrefix(cmd, "RCPT TO:") && r.refuse.Load():
			mu.Lock()
			_, _ = io.WriteString(client, "550 5.1.1 Mailbox unavailable (mailtest.Refuser)\r\n")
			mu.Unlock()
			continue
		case strings.HasPrefix(cmd, "DATA"):
			inData = true
		}
		if _, err := io.WriteString(server, line); err != nil {
			return
		}
	}
}
