package api

// Issue 15's rpcs while they are being built: each answers unimplemented until its handler lands
// in the domain's file, which deletes it here. This file goes when the last one does.

import (
	"context"
	"errors"

	"connectrpc.com/connect"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
)

var errPending = connect.NewError(connect.CodeUnimplemented, errors.New("not available yet"))

// UpdateProperty is pending (issue 15, edit a listing).
func (h *Property) UpdateProperty(context.Context, *connect.Request[propertyv1.UpdatePropertyRequest]) (*connect.Response[propertyv1.UpdatePropertyResponse], error) {
	return nil, errPending
}
