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
