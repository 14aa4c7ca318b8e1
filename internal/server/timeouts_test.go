package server_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials/insecure"

	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/internal/server"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/upload"
)

// slowClient sends head at once, then trickle one byte every interval, until the server answers
// or closes. It returns how long that took and the first line of the answer ("" when the server
// closed without one). It gives up after 15 seconds: the attack held connections for minutes.
func slowClient(addr, head, trickle string, interval time.Duration) (time.Duration, string, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return 0, "", err
	}
	defer conn.Close()
	start := time.Now()
	if _, err := io.WriteString(conn, head); err != nil {
		return 0, "", err
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for i := range len(trickle) {
			select {
			case <-stop:
				return
			case <-time.After(interval):
			}
			if _, err := conn.Write([]byte{trickle[i]}); err != nil {
				return
			}
		}
	}()
	_ = conn.SetReadDeadline(start.Add(15 * time.Second))
	line, err := bufio.NewReader(conn).ReadString('\n')
	if errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET) {
		return time.Since(start), "", nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("no answer nor close: %w", err)
	}
	return time.Since(start), strings.TrimSpace(line), nil
}

func within(d, low, high time.Duration) bool { return d >= low && d <= high }

// The attack's slow-body clients held connections for over a minute. A body that does not
// arrive within the read timeout is cut off, on Connect and REST alike, with an answer in words
// and no ERROR in the log.
func TestSlowBodyIsCutOff(t *testing.T) {
	t.Parallel()
	logged := &errorLog{}
	srv := testserver.Start(t, testserver.Options{Log: logged, Timeouts: server.Timeouts{Read: time.Second}})
	addr := strings.TrimPrefix(srv.URL, "http://")
	body := `{"username":"someone","password":"not-telling-you-anything"}`
	for path, want := range map[string]string{
		"/rentproof.account.v1.AccountService/Login": "HTTP/1.1 504", // Connect's deadline_exceeded
		"/api/login": "HTTP/1.1 408",
	} {
		t.Run(path, func(t *testing.T) {
			head := "POST " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nContent-Type: application/json\r\n" +
				"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body[:1]
			took, status, err := slowClient(addr, head, body[1:], 300*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			if !within(took, 900*time.Millisecond, 3*time.Second) || !strings.HasPrefix(status, want) {
				t.Errorf("answered %q after %v, want %q after about a second", status, took, want)
			}
		})
	}
	if errs := logged.errors(); len(errs) > 0 {
		t.Errorf("slow clients logged as errors: %s", errs[0])
	}
}

// A client that trickles its headers is cut off by the header timeout.
func TestSlowHeadersAreCutOff(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Timeouts: server.Timeouts{ReadHeader: time.Second}})
	addr := strings.TrimPrefix(srv.URL, "http://")
	took, _, err := slowClient(addr, "GET / HTTP/1.1\r\nHost: "+addr+"\r\n", "X-Slow: "+strings.Repeat("a", 100), 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if !within(took, 900*time.Millisecond, 3*time.Second) {
		t.Errorf("slow headers held the connection for %v, want about a second", took)
	}
}

// An upload gets the time its declared size takes at UploadRate, an uploaded file the time the
// largest takes; everything else Read and Write. The handler here stands in for the real ones,
// so only the deadlines are measured.
func TestUploadsHaveLongerDeadlines(t *testing.T) {
	t.Parallel()
	// Each case runs on its own connection at the same time as the others and learns how long
	// the handler took to fail through its own channel, found by the request's "case" parameter.
	var mu sync.Mutex
	failedAfter := map[string]chan time.Duration{}
	measure := func(name string) chan time.Duration {
		mu.Lock()
		defer mu.Unlock()
		failedAfter[name] = make(chan time.Duration, 1)
		return failedAfter[name]
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		mu.Lock()
		report := failedAfter[r.URL.Query().Get("case")]
		mu.Unlock()
		if report == nil {
			http.NotFound(w, r)
			return
		}
		if r.Method == http.MethodPost {
			_, err := io.Copy(io.Discard, r.Body)
			report <- time.Since(start)
			if err == nil {
				t.Errorf("%s: the whole body arrived", r.URL.Path)
			}
			return
		}
		chunk := make([]byte, 1<<20)
		for range 256 { // 256 MiB: far more than any socket buffer
			if _, err := w.Write(chunk); err != nil {
				break
			}
		}
		report <- time.Since(start)
	})
	var lc net.ListenConfig
	ln, err := lc.Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		// The largest uploaded file takes 3 s at this rate; so does an upload declaring its size.
		done <- server.Serve(ctx, ln, h, server.Timeouts{Read: time.Second, Write: time.Second, UploadRate: upload.MaxImageBytes / 3})
	}()
	t.Cleanup(func() { // after the parallel subtests
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	addr := ln.Addr().String()

	// Slow bodies: the read deadline.
	for _, c := range []struct {
		name string
		path string
		size int
		want time.Duration
	}{
		{"large login body", "/api/login", upload.MaxImageBytes, time.Second},
		{"large upload", "/api/upload/property-images", upload.MaxImageBytes, 3 * time.Second},
		{"small upload", "/api/upload/property-images", 1000, time.Second}, // a small body gets no more than any
	} {
		t.Run("slow body, "+c.name, func(t *testing.T) {
			t.Parallel()
			failed := measure(c.name)
			head := "POST " + c.path + "?case=" + url.QueryEscape(c.name) + " HTTP/1.1\r\nHost: " + addr +
				"\r\nContent-Length: " + strconv.Itoa(c.size) + "\r\n\r\n"
			// What the client is told does not matter here: the handler measures when its read fails.
			go func() { _, _, _ = slowClient(addr, head, strings.Repeat("a", 100), 200*time.Millisecond) }()
			select {
			case took := <-failed:
				if !within(took, c.want-200*time.Millisecond, c.want+2*time.Second) {
					t.Errorf("slow body to %s cut off after %v, want %v", c.path, took, c.want)
				}
			case <-time.After(15 * time.Second):
				t.Errorf("slow body to %s never cut off", c.path)
			}
		})
	}

	// A client that does not read what it asked for: the write deadline.
	for path, want := range map[string]time.Duration{"/api/statistics": time.Second, "/uploads/properties/big.png": 3 * time.Second} {
		t.Run("unread answer, "+path, func(t *testing.T) {
			t.Parallel()
			failed := measure(path)
			tcpAddr, ok := ln.Addr().(*net.TCPAddr)
			if !ok {
				t.Fatalf("listening on %T", ln.Addr())
			}
			conn, err := net.DialTCP("tcp", nil, tcpAddr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetReadBuffer(4096)
			if _, err := io.WriteString(conn, "GET "+path+"?case="+url.QueryEscape(path)+" HTTP/1.1\r\nHost: "+addr+"\r\n\r\n"); err != nil {
				t.Fatal(err)
			}
			select {
			case took := <-failed:
				if !within(took, want-200*time.Millisecond, want+2*time.Second) {
					t.Errorf("unread answer to %s cut off after %v, want %v", path, took, want)
				}
			case <-time.After(15 * time.Second):
				t.Errorf("unread answer to %s never cut off", path)
			}
		})
	}
}

// gRPC keeps its HTTP/2 connection past the read and write timeouts: they bound each call, not
// the connection.
func TestGRPCConnectionOutlivesTheTimeouts(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{Demo: true, Timeouts: server.Timeouts{Read: time.Second, Write: time.Second}})
	conn, err := grpc.NewClient(strings.TrimPrefix(srv.URL, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	list := func() error {
		var res resourcev1.ListResourcesResponse
		return conn.Invoke(context.Background(), "/"+resourcev1connect.ResourceServiceName+"/ListResources", &resourcev1.ListResourcesRequest{}, &res)
	}
	if err := list(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2500*time.Millisecond)
	defer cancel()
	if conn.WaitForStateChange(ctx, connectivity.Ready) {
		t.Errorf("the connection left READY (%v) within 2.5 s of idling", conn.GetState())
	}
	if err := list(); err != nil {
		t.Errorf("second call: %v", err)
	}
}
