package rpc

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/rentproof/rentproof/internal/wirejson"
)

// Both codecs let a request with text that is not valid UTF-8 through, the text replaced (U+FFFD)
// and the request marked, so CheckText refuses it in the user's words. Failing here would answer
// invalid_argument too, but with Connect's "unmarshal message: ..." and no field.

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
	valid := utf8.Valid(data)
	if !valid {
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
	}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, m); err != nil {
		return err
	}
	if !valid {
		markInvalidUTF8(m, "")
	}
	return nil
}

// ProtoCodec is Connect's "proto" codec (binary protobuf, gRPC's too).
type ProtoCodec struct{}

// Name is the codec's name in Content-Type (application/proto, application/grpc+proto).
func (ProtoCodec) Name() string { return "proto" }

// Marshal encodes a protobuf message.
func (ProtoCodec) Marshal(v any) ([]byte, error) {
	m, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("proto codec: %T is not a protobuf message", v)
	}
	return proto.Marshal(m)
}

// MarshalAppend encodes a protobuf message after dst, saving Connect a copy.
func (ProtoCodec) MarshalAppend(dst []byte, v any) ([]byte, error) {
	m, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("proto codec: %T is not a protobuf message", v)
	}
	return proto.MarshalOptions{}.MarshalAppend(dst, m)
}

// Unmarshal decodes into a protobuf message.
func (ProtoCodec) Unmarshal(data []byte, v any) error {
	m, ok := v.(proto.Message)
	if !ok {
		return fmt.Errorf("proto codec: %T is not a protobuf message", v)
	}
	err := proto.Unmarshal(data, m)
	if err == nil {
		return nil
	}
	// The slow path, for broken input only: is the fault text that is not valid UTF-8?
	fixed, field, ferr := validUTF8Wire(data, m.ProtoReflect().Descriptor(), "")
	if ferr != nil || field == "" {
		return err
	}
	if err := proto.Unmarshal(fixed, m); err != nil {
		return err
	}
	markInvalidUTF8(m, field)
	return nil
}

// validUTF8Wire returns the wire-format message b of type md with every string field made valid
// UTF-8, and the path of the first that was not ("" when all were).
func validUTF8Wire(b []byte, md protoreflect.MessageDescriptor, prefix string) (out []byte, bad string, err error) {
	out = make([]byte, 0, len(b))
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, "", protowire.ParseError(n)
		}
		fd := md.Fields().ByNumber(num)
		if typ != protowire.BytesType || fd == nil || (fd.Kind() != protoreflect.StringKind && fd.Message() == nil) {
			m := protowire.ConsumeFieldValue(num, typ, b[n:])
			if m < 0 {
				return nil, "", protowire.ParseError(m)
			}
			out, b = append(out, b[:n+m]...), b[n+m:]
			continue
		}
		v, m := protowire.ConsumeBytes(b[n:])
		if m < 0 {
			return nil, "", protowire.ParseError(m)
		}
		b = b[n+m:]
		path := prefix
		if !md.IsMapEntry() { // a map's key and value go by the map's name
			path = join(prefix, fd.JSONName())
		}
		if fd.Kind() == protoreflect.StringKind {
			if !utf8.Valid(v) {
				bad = cmp.Or(bad, path)
				v = bytes.ToValidUTF8(v, []byte("\uFFFD"))
			}
		} else {
			var innerBad string
			if v, innerBad, err = validUTF8Wire(v, fd.Message(), path); err != nil {
				return nil, "", err
			}
			bad = cmp.Or(bad, innerBad)
		}
		out = protowire.AppendBytes(protowire.AppendTag(out, num, typ), v)
	}
	return out, bad, nil
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}
