package rpc_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"connectrpc.com/connect"

	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/internal/rpc"
)

// A Connect JSON client (as the web app is) talks to a handler using JSONCodec.
func TestJSONCodecOverConnect(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/test.v1.Echo/Get", connect.NewUnaryHandler("/test.v1.Echo/Get",
		func(_ context.Context, req *connect.Request[resourcev1.GetResourceRequest]) (*connect.Response[resourcev1.GetResourceResponse], error) {
			return connect.NewResponse(&resourcev1.GetResourceResponse{Resource: &resourcev1.Resource{
				Id: req.Msg.Id, Title: "Deposit \"basics\"\n", Tags: []string{"a"}}}), nil
		}, connect.WithCodec(rpc.JSONCodec{})))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	client := connect.NewClient[resourcev1.GetResourceRequest, resourcev1.GetResourceResponse](
		srv.Client(), srv.URL+"/test.v1.Echo/Get", connect.WithProtoJSON())
	res, err := client.CallUnary(t.Context(), connect.NewRequest(&resourcev1.GetResourceRequest{Id: 42}))
	if err != nil {
		t.Fatal(err)
	}
	if r := res.Msg.Resource; r.Id != 42 || r.Title != "Deposit \"basics\"\n" || len(r.Tags) != 1 {
		t.Errorf("round trip: %+v", r)
	}
	if ct := res.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("content type %q", ct)
	}
}
