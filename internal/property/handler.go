package property

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/rentproof/rentproof/gen/db"
	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/convert"
	"github.com/rentproof/rentproof/internal/rpc"
)

// Handler adapts the Service to the Connect API.
type Handler struct{ svc *Service }

var _ propertyv1connect.PropertyServiceHandler = (*Handler)(nil)

// NewHandler returns a Handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// GetProperty returns one property.
func (h *Handler) GetProperty(ctx context.Context, req *connect.Request[propertyv1.GetPropertyRequest]) (*connect.Response[propertyv1.GetPropertyResponse], error) {
	p, err := h.svc.Get(ctx, req.Msg.GetId())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&propertyv1.GetPropertyResponse{Property: ToProto(p)}), nil
}

// BatchGetProperties returns several properties keyed by id.
func (h *Handler) BatchGetProperties(ctx context.Context, req *connect.Request[propertyv1.BatchGetPropertiesRequest]) (*connect.Response[propertyv1.BatchGetPropertiesResponse], error) {
	rows, err := h.svc.BatchGet(ctx, req.Msg.GetIds())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	out := make(map[int32]*propertyv1.Property, len(rows))
	for _, p := range rows {
		out[p.ID] = ToProto(p)
	}
	return connect.NewResponse(&propertyv1.BatchGetPropertiesResponse{Properties: out}), nil
}

// SearchProperties searches.
func (h *Handler) SearchProperties(ctx context.Context, req *connect.Request[propertyv1.SearchPropertiesRequest]) (*connect.Response[propertyv1.SearchPropertiesResponse], error) {
	m := req.Msg
	res, err := h.svc.Search(ctx, Search{
		City: m.GetCity(), ZipCode: m.GetZipCode(), PropertyType: m.GetPropertyType(), SortBy: m.GetSortBy(),
		Query: m.GetQuery(), VerifiedOnly: m.GetVerifiedOnly(), Page: m.GetPage(), PageSize: m.GetPageSize(),
	})
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&propertyv1.SearchPropertiesResponse{
		Properties: toProtos(res.Properties), TotalCount: res.Total, TotalCapped: res.Capped,
		Page: res.Page, PageSize: res.PageSize, MatchedCity: res.MatchedCity,
	}), nil
}

// ListSimilarProperties lists properties like one.
func (h *Handler) ListSimilarProperties(ctx context.Context, req *connect.Request[propertyv1.ListSimilarPropertiesRequest]) (*connect.Response[propertyv1.ListSimilarPropertiesResponse], error) {
	rows, err := h.svc.Similar(ctx, req.Msg.GetPropertyId(), req.Msg.GetLimit())
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&propertyv1.ListSimilarPropertiesResponse{Properties: toProtos(rows)}), nil
}

// CreateProperty lists a property for the signed-in user.
func (h *Handler) CreateProperty(ctx context.Context, req *connect.Request[propertyv1.CreatePropertyRequest]) (*connect.Response[propertyv1.CreatePropertyResponse], error) {
	m := req.Msg
	p, err := h.svc.Create(ctx, Listing{
		Title: m.GetTitle(), Description: m.GetDescription(), Address: m.GetAddress(), Locality: m.GetLocality(),
		City: m.GetCity(), State: m.GetState(), ZipCode: m.GetZipCode(), Country: m.GetCountry(),
		PropertyType: m.GetPropertyType(), AreaUnit: m.GetAreaUnit(), Currency: m.GetCurrency(),
		Latitude: m.GetLatitude(), Longitude: m.GetLongitude(), MonthlyRent: m.GetMonthlyRent(),
		Bedrooms: m.GetBedrooms(), Bathrooms: m.GetBathrooms(), SquareFeet: m.GetSquareFeet(),
		YearBuilt: m.GetYearBuilt(), Amenities: m.GetAmenities(), Images: m.GetImages(),
		PetsAllowed: m.GetPetsAllowed(), Furnished: m.GetFurnished(),
	})
	if err != nil {
		return nil, rpc.Error(ctx, err)
	}
	return connect.NewResponse(&propertyv1.CreatePropertyResponse{Property: ToProto(p)}), nil
}

func toProtos(rows []db.Property) []*propertyv1.Property {
	out := make([]*propertyv1.Property, len(rows))
	for i, p := range rows {
		out[i] = ToProto(p)
	}
	return out
}

// ToProto converts a stored property, aggregates included, to its API form.
func ToProto(p db.Property) *propertyv1.Property {
	return &propertyv1.Property{
		Id:              p.ID,
		Title:           p.Title,
		Description:     p.Description,
		Address:         p.Address,
		Locality:        convert.Value(p.Locality),
		City:            p.City,
		State:           convert.Value(p.State),
		ZipCode:         convert.Value(p.ZipCode),
		Country:         p.Country,
		PropertyType:    p.PropertyType,
		MonthlyRent:     p.MonthlyRent,
		Bedrooms:        p.Bedrooms,
		Bathrooms:       p.Bathrooms,
		SquareFeet:      convert.Value(p.SquareFeet),
		AreaUnit:        p.AreaUnit,
		Currency:        p.Currency,
		LandlordId:      p.LandlordID,
		Verified:        p.Verified,
		Active:          p.Active,
		CreatedAt:       timestamppb.New(p.CreatedAt),
		UpdatedAt:       timestamppb.New(p.UpdatedAt),
		Amenities:       convert.Strings(p.Amenities),
		Images:          convert.Strings(p.Images),
		Latitude:        convert.Value(p.Latitude),
		Longitude:       convert.Value(p.Longitude),
		YearBuilt:       convert.Value(p.YearBuilt),
		PetsAllowed:     p.PetsAllowed,
		Furnished:       p.Furnished,
		MetaDescription: convert.Value(p.MetaDescription),
		MetaKeywords:    convert.Value(p.MetaKeywords),
		Keywords:        convert.Strings(p.Keywords),
		Slug:            p.Slug,
		Rating:          p.Rating,
		RatingSummary: &propertyv1.RatingSummary{
			Average:        p.Rating,
			Count:          p.ReviewCount,
			RecommendCount: p.RecommendCount,
			Distribution:   []int32{p.Rating1Count, p.Rating2Count, p.Rating3Count, p.Rating4Count, p.Rating5Count},
		},
	}
}
