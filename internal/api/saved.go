package api

import (
	"context"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
)

// SaveProperty keeps a property in the caller's saved list.
func (h *Property) SaveProperty(ctx context.Context, req *connect.Request[propertyv1.SavePropertyRequest]) (*connect.Response[propertyv1.SavePropertyResponse], error) {
	n, err := h.svc.Save(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.SavePropertyResponse{SavedCount: n}), nil
}

// UnsaveProperty takes a property off the caller's saved list.
func (h *Property) UnsaveProperty(ctx context.Context, req *connect.Request[propertyv1.UnsavePropertyRequest]) (*connect.Response[propertyv1.UnsavePropertyResponse], error) {
	n, err := h.svc.Unsave(ctx, req.Msg.GetPropertyId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.UnsavePropertyResponse{SavedCount: n}), nil
}

// ListSavedProperties pages the caller's saved properties.
func (h *Property) ListSavedProperties(ctx context.Context, req *connect.Request[propertyv1.ListSavedPropertiesRequest]) (*connect.Response[propertyv1.ListSavedPropertiesResponse], error) {
	res, err := h.svc.ListSaved(ctx, req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.ListSavedPropertiesResponse{
		Properties: propertiesToProto(res.Properties), TotalCount: res.Total, Page: res.Page, PageSize: res.PageSize,
	}), nil
}
