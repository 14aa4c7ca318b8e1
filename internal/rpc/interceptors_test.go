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
	mux := http.NewServeMux()
	mux.Handle("/test.v1.Panics/Boom", connect.NewUnaryHandler("/test.v1.Panics/Boom",
		func(context.Context, *connect.Request[emptypb.Empty]) (*connect.Response[emptypb.Empty], error) {
			panic("secret detail")
		}, connect.WithRecover(rpc.Recover), connect.WithInterceptors(rpc.LogInterceptor())))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	client := connect.NewClient[emptypb.Empty, emptypb.Empty](srv.Client(), srv.URL+"/test.v1.Panics/Boom")
	_, err := client.CallUnary(context.Background(), connect.NewRequest(&emptypb.Empty{}))
	var ce *connect.Error
	if connect.CodeOf(err) != connect.CodeInternal {
		t.Fatalf("want internal, got %v", err)
	}
	if errors.As(err, &ce) && ce.Message() == "secret detail" {
		t.Error("the panic's detail leaked to the client")
	}
}
