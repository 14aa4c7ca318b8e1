package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/dataexport"
)

// DataExport serves DataExportService.
type DataExport struct{ exports *dataexport.Service }

var _ accountv1connect.DataExportServiceHandler = (*DataExport)(nil)

// NewDataExport returns the DataExportService handler over exports.
func NewDataExport(exports *dataexport.Service) *DataExport { return &DataExport{exports: exports} }

// RequestDataExport asks for an export of the caller's data.
func (h *DataExport) RequestDataExport(ctx context.Context, _ *connect.Request[accountv1.RequestDataExportRequest]) (*connect.Response[accountv1.RequestDataExportResponse], error) {
	e, err := h.exports.Request(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.RequestDataExportResponse{Export: exportToProto(e)}), nil
}

// ListDataExports lists the caller's exports.
func (h *DataExport) ListDataExports(ctx context.Context, _ *connect.Request[accountv1.ListDataExportsRequest]) (*connect.Response[accountv1.ListDataExportsResponse], error) {
	list, err := h.exports.List(ctx)
	if err != nil {
		return nil, err
	}
	out := &accountv1.ListDataExportsResponse{Exports: make([]*accountv1.DataExport, len(list.Exports))}
	for i, e := range list.Exports {
		out.Exports[i] = exportToProto(e)
	}
	if list.NextAt != nil {
		out.NextRequestAt = timestamppb.New(*list.NextAt)
	}
	return connect.NewResponse(out), nil
}

func exportToProto(e dataexport.Export) *accountv1.DataExport {
	out := &accountv1.DataExport{Id: e.ID, Status: e.Status, RequestedAt: timestamppb.New(e.RequestedAt), Bytes: e.Bytes, DownloadUrl: e.URL}
	if e.ReadyAt != nil {
		out.ReadyAt = timestamppb.New(*e.ReadyAt)
	}
	if e.ExpiresAt != nil {
		out.ExpiresAt = timestamppb.New(*e.ExpiresAt)
	}
	return out
}
