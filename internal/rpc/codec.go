package rpc

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/rentproof/rentproof/internal/wirejson"
)

// JSONCodec is Connect's "json" codec with the faster encoder of package wirejson. Answers carry
// every field (protojson's EmitUnpopulated), which the generated TypeScript reads as usual;
// requests decode with protojson, ignoring unknown fields as Connect's own codec does.
type JSONCodec struct{}

// Name is the codec's name in Content-Type (application/json, application/connect+json).
func (JSONCodec) Name() string { return "json" }

// Marshal encodes a protobuf message.
func (JSONCodec) Marshal(v any) ([]byte, error) {
	m, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("json codec: %T is not a protobuf message", v)
	}
	return wirejson.Marshal(m), nil
}

// Unmarshal decodes into a protobuf message.
func (JSONCodec) Unmarshal(data []byte, v any) error {
	m, ok := v.(proto.Message)
	if !ok {
		return fmt.Errorf("json codec: %T is not a protobuf message", v)
	}
	if len(data) == 0 {
		return errors.New("zero-length payload is not a valid JSON object")
	}
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(data, m)
}
