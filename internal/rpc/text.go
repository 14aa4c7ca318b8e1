package rpc

import (
	"maps"
	"slices"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/rentproof/rentproof/internal/apperr"
)

// The messages of refused text, written for the person who typed it.
const (
	msgInvalidUTF8 = "Text must be valid UTF-8"
	msgControlChar = "Text must not contain control characters"
)

// CheckText refuses a request carrying text that cannot be stored or shown: a string that is not
// valid UTF-8, or holds a control character other than tab, line feed and carriage return (NUL
// among them: PostgreSQL refuses it in text and jsonb, and the others only hide or garble what
// people read). It looks at every string of the request: nested messages, lists, map keys and
// values. The error names each field in the API's lowerCamelCase (nested ones dotted).
func CheckText(m proto.Message) error {
	r := m.ProtoReflect()
	var c textChecker
	if field, ok := invalidUTF8Mark(r); ok {
		if field == "" { // a JSON body: where in it is not known
			return apperr.New(apperr.ErrInvalidArgument, msgInvalidUTF8)
		}
		c.add(field, msgInvalidUTF8)
	}
	c.message(r, "")
	return c.v.Err()
}

// Text is the text of a request that comes in no protobuf message (a hand-written handler's path
// values, headers and file names: see Handle), by the name the API gives each field.
type Text map[string]string

// Check is CheckText for t: the same refusals, each naming its field.
func (t Text) Check() error {
	var c textChecker
	for _, field := range slices.Sorted(maps.Keys(t)) {
		c.text(field, t[field])
	}
	return c.v.Err()
}

// textChecker collects one violation per field.
type textChecker struct {
	v    apperr.Validator
	seen map[string]bool
}

func (c *textChecker) add(field, msg string) {
	if c.seen == nil {
		c.seen = map[string]bool{} // only for requests that are refused
	}
	if !c.seen[field] {
		c.seen[field] = true
		c.v.Check(false, field, msg)
	}
}

func (c *textChecker) message(m protoreflect.Message, prefix string) {
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		path := join(prefix, fd.JSONName())
		switch {
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				if fd.MapKey().Kind() == protoreflect.StringKind {
					c.text(path, k.String())
				}
				c.value(fd.MapValue(), mv, path)
				return true
			})
		case fd.IsList():
			for i, l := 0, v.List(); i < l.Len(); i++ {
				c.value(fd, l.Get(i), path)
			}
		default:
			c.value(fd, v, path)
		}
		return true
	})
}

func (c *textChecker) value(fd protoreflect.FieldDescriptor, v protoreflect.Value, path string) {
	switch fd.Kind() {
	case protoreflect.StringKind:
		c.text(path, v.String())
	case protoreflect.MessageKind, protoreflect.GroupKind:
		c.message(v.Message(), path)
	}
}

func (c *textChecker) text(path, s string) {
	if msg := textProblem(s); msg != "" {
		c.add(path, msg)
	}
}

// textProblem is the message refusing s, or "" when s is fine.
func textProblem(s string) string {
	if !utf8.ValidString(s) {
		return msgInvalidUTF8
	}
	for i := range len(s) {
		if b := s[i]; b < 0x20 && b != '\t' && b != '\n' && b != '\r' {
			return msgControlChar
		}
	}
	return ""
}

// invalidUTF8Field is the field number under which the codecs mark, among a request's unknown
// fields, that it came with text that is not valid UTF-8: far above any number the contract uses.
// The value is the field's path, empty when unknown.
const invalidUTF8Field = protowire.MaxValidNumber

// markInvalidUTF8 records on m that field (a path, or "") held text that is not valid UTF-8.
func markInvalidUTF8(m proto.Message, field string) {
	r := m.ProtoReflect()
	b := protowire.AppendTag(r.GetUnknown(), invalidUTF8Field, protowire.BytesType)
	r.SetUnknown(protowire.AppendString(b, field))
}

// invalidUTF8Mark reports the mark of markInvalidUTF8. A client can send the mark itself; it
// only gets its request refused, and a path that is not clean text is not repeated to it.
func invalidUTF8Mark(m protoreflect.Message) (field string, ok bool) {
	b := m.GetUnknown()
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return "", false
		}
		b = b[n:]
		if num == invalidUTF8Field && typ == protowire.BytesType {
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return "", false
			}
			if len(v) > 200 || textProblem(string(v)) != "" {
				return "", true
			}
			return string(v), true
		}
		if n = protowire.ConsumeFieldValue(num, typ, b); n < 0 {
			return "", false
		}
		b = b[n:]
	}
	return "", false
}
