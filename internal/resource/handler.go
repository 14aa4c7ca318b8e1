package resource

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/rentproof/rentproof/gen/db"
	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/internal/convert"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Handler adapts the Service to the Connect API.
type Handler struct{ svc *Service }

var _ resourcev1connect.ResourceServiceHandler = (*Handler)(nil)

// NewHandler returns a Handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// ListResources lists resources by category and text.
func (h *Handler) ListResources(ctx context.Context, req *connect.Request[resourcev1.ListResourcesRequest]) (*connect.Response[resourcev1.ListResourcesResponse], error) {
	rows, err := h.svc.List(ctx, Filter{Category: req.Msg.GetCategory(), Query: req.Msg.GetQuery()})
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	out := make([]*resourcev1.Resource, len(rows))
	for i, r := range rows {
		out[i] = toProto(r)
	}
	return connect.NewResponse(&resourcev1.ListResourcesResponse{Resources: out}), nil
}

// GetResource returns one resource.
func (h *Handler) GetResource(ctx context.Context, req *connect.Request[resourcev1.GetResourceRequest]) (*connect.Response[resourcev1.GetResourceResponse], error) {
	r, err := h.svc.Get(ctx, req.Msg.GetId())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&resourcev1.GetResourceResponse{Resource: toProto(r)}), nil
}

func toProto(r db.Resource) *resourcev1.Resource {
	return &resourcev1.Resource{
		Id:              r.ID,
		Title:           r.Title,
		Description:     r.Description,
		Content:         r.Content,
		Category:        r.Category,
		Region:          convert.Value(r.Region),
		Country:         convert.Value(r.Country),
		AuthorName:      r.AuthorName,
		AuthorTitle:     convert.Value(r.AuthorTitle),
		AuthorImage:     convert.Value(r.AuthorImage),
		CoverImage:      r.CoverImage,
		ReadTime:        r.ReadTime,
		Tags:            convert.Strings(r.Tags),
		PublishedAt:     timestamppb.New(r.PublishedAt),
		CreatedAt:       timestamppb.New(r.CreatedAt),
		UpdatedAt:       timestamppb.New(r.UpdatedAt),
		Featured:        r.Featured,
		MetaDescription: convert.Value(r.MetaDescription),
		MetaKeywords:    convert.Value(r.MetaKeywords),
		Slug:            r.Slug,
		Language:        r.Language,
	}
}
