package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	savedsearchv1 "github.com/rentproof/rentproof/gen/rentproof/savedsearch/v1"
	"github.com/rentproof/rentproof/gen/rentproof/savedsearch/v1/savedsearchv1connect"
	"github.com/rentproof/rentproof/internal/savedsearch"
)

// SavedSearch serves SavedSearchService.
type SavedSearch struct{ svc *savedsearch.Service }

var _ savedsearchv1connect.SavedSearchServiceHandler = (*SavedSearch)(nil)

// NewSavedSearch returns the SavedSearchService handler over svc.
func NewSavedSearch(svc *savedsearch.Service) *SavedSearch { return &SavedSearch{svc: svc} }

// CreateSavedSearch saves the caller's search.
func (h *SavedSearch) CreateSavedSearch(ctx context.Context, req *connect.Request[savedsearchv1.CreateSavedSearchRequest]) (*connect.Response[savedsearchv1.CreateSavedSearchResponse], error) {
	m := req.Msg
	saved, err := h.svc.Create(ctx, savedsearch.Request{
		Name: m.GetName(), City: m.GetCity(), ZipCode: m.GetZipCode(), Query: m.GetQuery(),
		PropertyType: m.GetPropertyType(), VerifiedOnly: m.GetVerifiedOnly(), Currency: m.GetCurrency(),
		MinRent: m.GetMinRent(), MaxRent: m.GetMaxRent(), MinBedrooms: m.GetMinBedrooms(), MinBathrooms: m.GetMinBathrooms(),
		PetsAllowed: m.GetPetsAllowed(), Furnished: m.GetFurnished(), MinArea: m.GetMinArea(), AreaUnit: m.GetAreaUnit(),
		MapArea: mapArea(m.GetMapArea()),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&savedsearchv1.CreateSavedSearchResponse{SavedSearch: savedSearchToProto(saved)}), nil
}

// ListSavedSearches lists the caller's saved searches.
func (h *SavedSearch) ListSavedSearches(ctx context.Context, _ *connect.Request[savedsearchv1.ListSavedSearchesRequest]) (*connect.Response[savedsearchv1.ListSavedSearchesResponse], error) {
	list, err := h.svc.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*savedsearchv1.SavedSearch, len(list))
	for i, s := range list {
		out[i] = savedSearchToProto(s)
	}
	return connect.NewResponse(&savedsearchv1.ListSavedSearchesResponse{SavedSearches: out}), nil
}

// DeleteSavedSearch deletes one of the caller's saved searches.
func (h *SavedSearch) DeleteSavedSearch(ctx context.Context, req *connect.Request[savedsearchv1.DeleteSavedSearchRequest]) (*connect.Response[savedsearchv1.DeleteSavedSearchResponse], error) {
	if err := h.svc.Delete(ctx, req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&savedsearchv1.DeleteSavedSearchResponse{}), nil
}

// SetSavedSearchAlerts turns one of the caller's saved searches' alerts on or off.
func (h *SavedSearch) SetSavedSearchAlerts(ctx context.Context, req *connect.Request[savedsearchv1.SetSavedSearchAlertsRequest]) (*connect.Response[savedsearchv1.SetSavedSearchAlertsResponse], error) {
	saved, err := h.svc.SetAlerts(ctx, req.Msg.GetId(), req.Msg.GetAlerts())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&savedsearchv1.SetSavedSearchAlertsResponse{SavedSearch: savedSearchToProto(saved)}), nil
}

func savedSearchToProto(s savedsearch.Saved) *savedsearchv1.SavedSearch {
	return &savedsearchv1.SavedSearch{
		Id: s.ID, Name: s.Name, PlaceKind: s.PlaceKind, PlaceName: s.PlaceName,
		City: s.City, ZipCode: s.ZipCode, Query: s.Query,
		PropertyType: s.PropertyType, VerifiedOnly: s.VerifiedOnly, Currency: s.Currency,
		MinRent: s.MinRent, MaxRent: s.MaxRent, MinBedrooms: s.MinBedrooms, MinBathrooms: s.MinBathrooms,
		PetsAllowed: s.PetsAllowed, Furnished: s.Furnished, MinArea: s.MinArea, AreaUnit: s.AreaUnit,
		Alerts: s.Alerts, CreatedAt: timestamppb.New(s.CreatedAt), MapArea: mapAreaToProto(s.MapArea),
	}
}

// mapAreaToProto is nil for no map area.
func mapAreaToProto(m *[4]float64) *propertyv1.MapArea {
	if m == nil {
		return nil
	}
	return &propertyv1.MapArea{West: m[0], South: m[1], East: m[2], North: m[3]}
}
