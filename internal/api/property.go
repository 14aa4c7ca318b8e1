package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/property"
)

// Property serves PropertyService.
type Property struct{ svc *property.Service }

var _ propertyv1connect.PropertyServiceHandler = (*Property)(nil)

// NewProperty returns the PropertyService handler over svc.
func NewProperty(svc *property.Service) *Property { return &Property{svc: svc} }

// GetProperty returns one property.
func (h *Property) GetProperty(ctx context.Context, req *connect.Request[propertyv1.GetPropertyRequest]) (*connect.Response[propertyv1.GetPropertyResponse], error) {
	p, err := h.svc.Get(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.GetPropertyResponse{Property: propertyToProto(p)}), nil
}

// BatchGetProperties returns several properties keyed by id.
func (h *Property) BatchGetProperties(ctx context.Context, req *connect.Request[propertyv1.BatchGetPropertiesRequest]) (*connect.Response[propertyv1.BatchGetPropertiesResponse], error) {
	rows, err := h.svc.BatchGet(ctx, req.Msg.GetIds())
	if err != nil {
		return nil, err
	}
	out := make(map[int32]*propertyv1.Property, len(rows))
	for _, p := range rows {
		out[p.ID] = propertyToProto(p)
	}
	return connect.NewResponse(&propertyv1.BatchGetPropertiesResponse{Properties: out}), nil
}

// SearchProperties searches.
func (h *Property) SearchProperties(ctx context.Context, req *connect.Request[propertyv1.SearchPropertiesRequest]) (*connect.Response[propertyv1.SearchPropertiesResponse], error) {
	m := req.Msg
	res, err := h.svc.Search(ctx, property.Search{
		City: m.GetCity(), ZipCode: m.GetZipCode(), PropertyType: m.GetPropertyType(), SortBy: m.GetSortBy(),
		Query: m.GetQuery(), VerifiedOnly: m.GetVerifiedOnly(), Page: m.GetPage(), PageSize: m.GetPageSize(),
		Currency: m.GetCurrency(), MinRent: m.GetMinRent(), MaxRent: m.GetMaxRent(),
		MinBedrooms: m.GetMinBedrooms(), MinBathrooms: m.GetMinBathrooms(),
		PetsAllowed: m.GetPetsAllowed(), Furnished: m.GetFurnished(), MinArea: m.GetMinArea(), AreaUnit: m.GetAreaUnit(),
		MapArea: mapArea(m.GetMapArea()), CountUnplaced: m.GetCountUnplaced(), VerifiedReviewsOnly: m.GetVerifiedReviewsOnly(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.SearchPropertiesResponse{
		Properties: propertiesToProto(res.Properties), TotalCount: res.Total, TotalCapped: res.Capped,
		Page: res.Page, PageSize: res.PageSize, MatchedCity: res.MatchedCity, MatchedByAbbreviation: res.MatchedByAbbreviation,
		OtherCurrencyCount: res.OtherCurrencies,
		Reading:            readingToProto(res.Reading), UnplacedCount: res.Unplaced,
	}), nil
}

// mapArea is nil when the request names no map area.
func mapArea(m *propertyv1.MapArea) *[4]float64 {
	if m == nil {
		return nil
	}
	return &[4]float64{m.GetWest(), m.GetSouth(), m.GetEast(), m.GetNorth()}
}

// readingToProto is nil when no line was read.
func readingToProto(r property.Reading) *propertyv1.SearchReading {
	if r == (property.Reading{}) {
		return nil
	}
	return &propertyv1.SearchReading{Place: r.Place, ZipCode: r.ZipCode, PropertyType: r.PropertyType, Query: r.Query}
}

// ListSimilarProperties lists properties like one.
func (h *Property) ListSimilarProperties(ctx context.Context, req *connect.Request[propertyv1.ListSimilarPropertiesRequest]) (*connect.Response[propertyv1.ListSimilarPropertiesResponse], error) {
	rows, err := h.svc.Similar(ctx, req.Msg.GetPropertyId(), req.Msg.GetLimit())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.ListSimilarPropertiesResponse{Properties: propertiesToProto(rows)}), nil
}

// CreateProperty lists a property for the signed-in user.
func (h *Property) CreateProperty(ctx context.Context, req *connect.Request[propertyv1.CreatePropertyRequest]) (*connect.Response[propertyv1.CreatePropertyResponse], error) {
	p, err := h.svc.Create(ctx, listingOf(req.Msg))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.CreatePropertyResponse{Property: propertyToProto(p)}), nil
}

// UpdateProperty changes a listing, for its landlord only.
func (h *Property) UpdateProperty(ctx context.Context, req *connect.Request[propertyv1.UpdatePropertyRequest]) (*connect.Response[propertyv1.UpdatePropertyResponse], error) {
	u, err := h.svc.Update(ctx, req.Msg.GetId(), listingOf(req.Msg.GetListing()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&propertyv1.UpdatePropertyResponse{
		Property: propertyToProto(u.Property), VerificationRemoved: u.VerificationRemoved,
	}), nil
}

// listingOf is the add-property form (create and edit) as the domain takes it.
func listingOf(m *propertyv1.CreatePropertyRequest) property.Listing {
	return property.Listing{
		Title: m.GetTitle(), Description: m.GetDescription(), Address: m.GetAddress(), Locality: m.GetLocality(),
		City: m.GetCity(), State: m.GetState(), ZipCode: m.GetZipCode(), Country: m.GetCountry(),
		PropertyType: m.GetPropertyType(), AreaUnit: m.GetAreaUnit(), Currency: m.GetCurrency(),
		Latitude: m.GetLatitude(), Longitude: m.GetLongitude(), MonthlyRent: m.GetMonthlyRent(),
		Bedrooms: m.GetBedrooms(), Bathrooms: m.GetBathrooms(), SquareFeet: m.GetSquareFeet(),
		YearBuilt: m.GetYearBuilt(), Amenities: m.GetAmenities(), Images: m.GetImages(),
		PetsAllowed: m.GetPetsAllowed(), Furnished: m.GetFurnished(), TimeZone: m.GetTimeZone(),
	}
}

func propertiesToProto(list []property.Property) []*propertyv1.Property {
	out := make([]*propertyv1.Property, len(list))
	for i, p := range list {
		out[i] = propertyToProto(p)
	}
	return out
}

// propertyToProto converts a property, its rating included, to its API form.
func propertyToProto(p property.Property) *propertyv1.Property {
	return &propertyv1.Property{
		Id:              p.ID,
		Title:           p.Title,
		Description:     p.Description,
		Address:         p.Address,
		Locality:        p.Locality,
		City:            p.City,
		State:           p.State,
		ZipCode:         p.ZipCode,
		Country:         p.Country,
		TimeZone:        p.TimeZone,
		PropertyType:    p.PropertyType,
		MonthlyRent:     p.MonthlyRent,
		Bedrooms:        p.Bedrooms,
		Bathrooms:       p.Bathrooms,
		SquareFeet:      p.SquareFeet,
		AreaUnit:        p.AreaUnit,
		Currency:        p.Currency,
		LandlordId:      p.LandlordID,
		Verified:        p.Verified,
		Active:          p.Active,
		CreatedAt:       timestamppb.New(p.CreatedAt),
		UpdatedAt:       timestamppb.New(p.UpdatedAt),
		Amenities:       p.Amenities,
		Images:          p.Images,
		Latitude:        p.Latitude,
		Longitude:       p.Longitude,
		YearBuilt:       p.YearBuilt,
		PetsAllowed:     p.PetsAllowed,
		Furnished:       p.Furnished,
		MetaDescription: p.MetaDescription,
		MetaKeywords:    p.MetaKeywords,
		Keywords:        p.Keywords,
		Slug:            p.Slug,
		Rating:          p.Rating.Average,
		RatingSummary:   ratingToProto(p.Rating),

		VerificationProof:         p.VerificationProof,
		VerificationConfirmations: p.VerificationConfirmations,
		Saved:                     p.Saved,
		VerifiedReviewCount:       p.VerifiedReviewCount,
		ReviewerHighlights:        p.ReviewerHighlights,
	}
}

// ratingToProto converts a property's stars.
func ratingToProto(r property.Rating) *propertyv1.RatingSummary {
	return &propertyv1.RatingSummary{
		Average: r.Average, Count: r.Count, RecommendCount: r.Recommend, Distribution: r.Stars[:],
	}
}
