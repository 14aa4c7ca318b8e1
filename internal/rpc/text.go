package rpc

import (
	"maps"
	"slices"
	"strings"
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
	msgDirection   = "Names and titles must not contain characters that change the direction of text"
)

// CheckText refuses a request carrying text that cannot be stored or shown: a string that is not
// valid UTF-8, or holds a control character other than tab, line feed and carriage return (C0,
// DEL and C1: NUL among them, which PostgreSQL refuses in text and jsonb; the others only hide or
// garble what people read); and, in a name or a title (IsNameField), a bidirectional override or
// isolate (U+202A–U+202E, U+2066–U+2069), which makes a name read as another ("Trojan Source").
// Longer text (a review, a bio) keeps them: writers of right-to-left languages use them. It looks
// at every string of the request: nested messages, lists, map keys and values. The error names
// each field in the API's lowerCamelCase (nested ones dotted).
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

// Names is Text whose every value is a name (an uploaded file's name, say): Check refuses what
// CheckText refuses in a name field.
type Names map[string]string

// Check is Text.Check with every field held to the rules of a name.
func (n Names) Check() error {
	var c textChecker
	for _, field := range slices.Sorted(maps.Keys(n)) {
		if msg := textProblem(n[field], true); msg != "" {
			c.add(field, msg)
		}
	}
	return c.v.Err()
}

// IsNameField reports whether the field at path (lowerCamelCase, nested ones dotted) holds a name
// or a title: its last part is name, title or username, or ends in Name or Title (firstName,
// fileName, authorTitle).
func IsNameField(path string) bool {
	last := path[strings.LastIndexByte(path, '.')+1:]
	switch last {
	case "name", "title", "username":
		return true
	}
	return strings.HasSuffix(last, "Name") || strings.HasSuffix(last, "Title") || strings.HasSuffix(last, "Username")
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
	if msg := textProblem(s, IsNameField(path)); msg != "" {
		c.add(path, msg)
	}
}

// textProblem is the message refusing s, or "" when s is fine; name holds s to a name's rules.
func textProblem(s string, name bool) string {
	if !utf8.ValidString(s) {
		return msgInvalidUTF8
	}
	direction := false
	for i := range len(s) {
		b := s[i]
		switch {
		case b < 0x20 && b != '\t' && b != '\n' && b != '\r', b == 0x7f:
			return msgControlChar
		case b == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f: // U+0080–U+009F, C1
			return msgControlChar
		case name && b == 0xe2 && i+2 < len(s) && isDirectionControl(s[i+1], s[i+2]):
			direction = true // reported unless a control character comes later
		}
	}
	if direction {
		return msgDirection
	}
	return ""
}

// isDirectionControl reports whether 0xE2 b1 b2 encodes U+202A–U+202E (embeddings and overrides)
// or U+2066–U+2069 (isolates).
func isDirectionControl(b1, b2 byte) bool {
	return b1 == 0x80 && b2 >= 0xaa && b2 <= 0xae || b1 == 0x81 && b2 >= 0xa6 && b2 <= 0xa9
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
			if len(v) > 200 || textProblem(string(v), false) != "" {
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
