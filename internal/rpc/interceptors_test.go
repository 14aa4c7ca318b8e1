package rpc_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/rentproof/rentproof/internal/rpc"
)

func TestRecoverTurnsAPanicIntoInternal(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/test.v1.Panics/Boom", connect.NewUnaryHandler("/test.v1.Panics/Boom",
		func(context.Context, *connect.Request[emptypb.Empty]) (*connect.Response[emptypb.Empty], error) {
			panic("secret detail")
		}, connect.WithRecover(rpc.Recover), connect.WithInterceptors(rpc.LogInterceptor())))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	client := connect.NewClient[emptypb.Empty, emptypb.Empty](srv.Client(), srv.URL+"/test.v1.Panics/Boom")
	_, err := client.CallUnary(t.Context(), connect.NewRequest(&emptypb.Empty{}))
	if connect.CodeOf(err) != connect.CodeInternal {
		t.Fatalf("want internal, got %v", err)
	}
	if ce, ok := errors.AsType[*connect.Error](err); ok && ce.Message() == "secret detail" {
		t.Error("the panic's detail leaked to the client")
	}
}
