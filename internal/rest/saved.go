package rest

import (
	"net/http"
	"strconv"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
)

// routeSaved serves the signed-in user's saved properties (SPEC §7 declared GET /api/user/saved;
// issue 15 enables it and adds saving and unsaving).
func routeSaved(mux *http.ServeMux, properties PropertyRPCs) {
	// GET /api/user/saved?page=&pageSize=: a JSON array of one page of saved properties, most
	// recently saved first; X-Total-Count holds how many are saved. 401 when signed out.
	mux.HandleFunc("GET /api/user/saved", func(w http.ResponseWriter, r *http.Request) {
		req := &propertyv1.ListSavedPropertiesRequest{}
		if !pageParams(w, r.URL.Query(), &req.Page, &req.PageSize) {
			return
		}
		call(w, r, propertyv1connect.PropertyServiceListSavedPropertiesProcedure, req, properties.ListSavedProperties,
			func(res *propertyv1.ListSavedPropertiesResponse) any {
				w.Header().Set("X-Total-Count", strconv.Itoa(int(res.GetTotalCount())))
				return list(res.GetProperties())
			})
	})
	// PUT /api/user/saved/{propertyId}: saves the property (again: no change); answers {savedCount}.
	mux.HandleFunc("PUT /api/user/saved/{propertyId}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "propertyId")
		if !ok {
			return
		}
		call(w, r, propertyv1connect.PropertyServiceSavePropertyProcedure, &propertyv1.SavePropertyRequest{PropertyId: id}, properties.SaveProperty,
			func(res *propertyv1.SavePropertyResponse) any { return message(res) })
	})
	// DELETE /api/user/saved/{propertyId}: unsaves the property (not saved: no error); answers {savedCount}.
	mux.HandleFunc("DELETE /api/user/saved/{propertyId}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := pathID(w, r, "propertyId")
		if !ok {
			return
		}
		call(w, r, propertyv1connect.PropertyServiceUnsavePropertyProcedure, &propertyv1.UnsavePropertyRequest{PropertyId: id}, properties.UnsaveProperty,
			func(res *propertyv1.UnsavePropertyResponse) any { return message(res) })
	})
}
