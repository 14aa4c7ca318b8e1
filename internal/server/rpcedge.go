package server

import (
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strings"

	"connectrpc.com/connect"
)

// The answers to requests Connect cannot read, written for the developer of the client.
const (
	msgUndecodableMessage = "The request message could not be decoded"
	msgUnreadableBody     = "The request body could not be read"
)

// rpcEdge answers, in the rpc's own protocol, the malformed requests connect-go (v1.21) answers
// as 500 unknown, a server error, although the client sent them: a GET whose message is marked
// base64 but is not (Connect reads it as it reads a body), and a body that cannot be read (a
// broken chunked encoding). Both are invalid_argument. Only the rpc handlers pass through it:
// the REST shim answers its bodies itself.
func rpcEdge(errs *connect.ErrorWriter, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			query := r.URL.Query()
			if query.Get("base64") == "1" && !isQueryBase64(query.Get("message")) {
				_ = errs.Write(w, r, connect.NewError(connect.CodeInvalidArgument, errors.New(msgUndecodableMessage)))
				return
			}
		} else {
			r.Body = rpcBody{r.Body}
		}
		next.ServeHTTP(w, r)
	})
}

// isQueryBase64 reports whether Connect can decode s, a GET's message parameter marked base64:
// URL-safe base64, padded or not, read exactly as connect-go reads it.
func isQueryBase64(s string) bool {
	enc := base64.URLEncoding
	if len(s)%4 != 0 {
		enc = base64.RawURLEncoding
	}
	_, err := io.Copy(io.Discard, base64.NewDecoder(enc, strings.NewReader(s)))
	return err == nil
}

// rpcBody turns a body read that fails through the client's fault into invalid_argument. The
// errors Connect already answers as they are pass unchanged: the end of the body, the body cap
// (resource_exhausted) and the read deadline (logRequests' deadline_exceeded).
type rpcBody struct{ io.ReadCloser }

func (b rpcBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, http.ErrBodyReadAfterClose) {
		return n, err
	}
	if _, ok := errors.AsType[*connect.Error](err); ok {
		return n, err
	}
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return n, err
	}
	return n, connect.NewError(connect.CodeInvalidArgument, errors.New(msgUnreadableBody))
}
