package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	resourcev1 "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	"github.com/rentproof/rentproof/gen/rentproof/resource/v1/resourcev1connect"
	"github.com/rentproof/rentproof/internal/resource"
)

// Resource serves ResourceService.
type Resource struct{ svc *resource.Service }

var _ resourcev1connect.ResourceServiceHandler = (*Resource)(nil)

// NewResource returns the ResourceService handler over svc.
func NewResource(svc *resource.Service) *Resource { return &Resource{svc: svc} }

// ListResources lists resources by category and text.
func (h *Resource) ListResources(ctx context.Context, req *connect.Request[resourcev1.ListResourcesRequest]) (*connect.Response[resourcev1.ListResourcesResponse], error) {
	rows, err := h.svc.List(ctx, resource.Filter{Category: req.Msg.GetCategory(), Query: req.Msg.GetQuery()})
	if err != nil {
		return nil, err
	}
	out := make([]*resourcev1.Resource, len(rows))
	for i, r := range rows {
		out[i] = resourceToProto(r)
	}
	return connect.NewResponse(&resourcev1.ListResourcesResponse{Resources: out}), nil
}

// GetResource returns one resource.
func (h *Resource) GetResource(ctx context.Context, req *connect.Request[resourcev1.GetResourceRequest]) (*connect.Response[resourcev1.GetResourceResponse], error) {
	r, err := h.svc.Get(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&resourcev1.GetResourceResponse{Resource: resourceToProto(r)}), nil
}

// resourceToProto converts an article to its API form.
func resourceToProto(r resource.Resource) *resourcev1.Resource {
	return &resourcev1.Resource{
		Id:              r.ID,
		Title:           r.Title,
		Description:     r.Description,
		Content:         r.Content,
		Category:        r.Category,
		Region:          r.Region,
		Country:         r.Country,
		AuthorName:      r.AuthorName,
		AuthorTitle:     r.AuthorTitle,
		AuthorImage:     r.AuthorImage,
		CoverImage:      r.CoverImage,
		ReadTime:        r.ReadTime,
		Tags:            r.Tags,
		PublishedAt:     timestamppb.New(r.PublishedAt),
		CreatedAt:       timestamppb.New(r.CreatedAt),
		UpdatedAt:       timestamppb.New(r.UpdatedAt),
		Featured:        r.Featured,
		MetaDescription: r.MetaDescription,
		MetaKeywords:    r.MetaKeywords,
		Slug:            r.Slug,
		Language:        r.Language,
	}
}
