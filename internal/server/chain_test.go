package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
)

// rpcLog keeps the "rpc failed" lines the server logs, as procedure, code and error.
type rpcLog struct {
	mu    sync.Mutex
	lines [][3]string
}

func (l *rpcLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *rpcLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *rpcLog) WithGroup(string) slog.Handler            { return l }

func (l *rpcLog) Handle(_ context.Context, r slog.Record) error {
	if r.Message != "rpc failed" {
		return nil
	}
	var line [3]string
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "procedure":
			line[0] = a.Value.String()
		case "code":
			line[1] = a.Value.String()
		case "err":
			line[2] = a.Value.String()
		}
		return true
	})
	l.mu.Lock()
	l.lines = append(l.lines, line)
	l.mu.Unlock()
	return nil
}

func (l *rpcLog) take() [][3]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.lines
	l.lines = nil
	return out
}

// A REST path runs the interceptors every protocol runs: its failure is mapped and logged
// exactly as the same rpc's over Connect.
func TestRESTPassesThroughTheInterceptors(t *testing.T) {
	t.Parallel()
	logged := &rpcLog{}
	srv := testserver.Start(t, testserver.Options{Demo: true, Log: logged})
	client := propertyv1connect.NewPropertyServiceClient(http.DefaultClient, srv.URL)

	for _, c := range []struct {
		name    string
		rest    string
		connect func() error
		status  int
		code    connect.Code
	}{
		{"not found", "/api/properties/999999", func() error {
			_, err := client.GetProperty(context.Background(), connect.NewRequest(&propertyv1.GetPropertyRequest{Id: 999999}))
			return err
		}, http.StatusNotFound, connect.CodeNotFound},
		{"invalid input", "/api/properties?sortBy=cheapest", func() error {
			_, err := client.SearchProperties(context.Background(), connect.NewRequest(&propertyv1.SearchPropertiesRequest{SortBy: "cheapest"}))
			return err
		}, http.StatusBadRequest, connect.CodeInvalidArgument},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := http.Get(srv.URL + c.rest)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var answer struct{ Message string }
			if err := json.Unmarshal(body, &answer); err != nil || res.StatusCode != c.status {
				t.Fatalf("REST %s: %d %s", c.rest, res.StatusCode, body)
			}
			restLog := logged.take()

			var ce *connect.Error
			if err := c.connect(); !errors.As(err, &ce) || ce.Code() != c.code {
				t.Fatalf("Connect: %v", err)
			}
			connectLog := logged.take()
			if answer.Message != ce.Message() {
				t.Errorf("REST says %q, Connect %q", answer.Message, ce.Message())
			}
			if len(restLog) != 1 || len(connectLog) != 1 || restLog[0] != connectLog[0] || restLog[0][1] != c.code.String() {
				t.Errorf("log lines differ:\nREST    %q\nConnect %q", restLog, connectLog)
			}
		})
	}
}
