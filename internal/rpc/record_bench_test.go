package rpc_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/rentproof/rentproof/internal/requestlog"
	"github.com/rentproof/rentproof/internal/rpc"
)

// BenchmarkRecordInterceptor is what RecordInterceptor adds to one rpc.
func BenchmarkRecordInterceptor(b *testing.B) {
	ok := connect.UnaryFunc(func(context.Context, connect.AnyRequest) (connect.AnyResponse, error) { return nil, nil })
	req := connect.NewRequest(&emptypb.Empty{})
	for name, call := range map[string]connect.UnaryFunc{"bare": ok, "recorded": rpc.RecordInterceptor()(ok)} {
		b.Run(name, func(b *testing.B) {
			ctx := requestlog.With(context.Background(), &requestlog.Request{ID: "x"})
			b.ReportAllocs()
			for b.Loop() {
				_, _ = call(ctx, req)
			}
		})
	}
}
