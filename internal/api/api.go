// Package api is the Connect layer: one handler per service of the contract, each method
// unpacking its request, calling the domain and packing the answer. Handlers hold no rules and
// map no errors: the interceptors of internal/rpc map what the domains return, for every
// protocol alike.
package api

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"
)

// optionalTime is a timestamp that may be absent (nil: the field stays unset).
func optionalTime(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
}
