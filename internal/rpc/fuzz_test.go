package rpc_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/rpc"
)

// slow is how long one decode or check may take on any input of the fuzzer's size (bounded work:
// all of them are linear in their input).
const slow = time.Second

// The text check never passes text that is not valid UTF-8, a control character other than tab,
// line feed and carriage return (C0, DEL, C1), or a direction control in a title, and passes
// everything else; it never panics.
func FuzzCheckText(f *testing.F) {
	for _, seed := range []string{"", "plain", "a\x00b", "a\xffb", "\x7f", "\u0085", "\u202e", "\u2066x\u2069",
		"\xc2", "\xe2\x80", "\xe2\x80\xae", "tab\there\r\n", "שלום", "\u2029\u202f\u2065\u206a"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		start := time.Now()
		titled := rpc.CheckText(&reviewv1.CreateReviewRequest{Title: s})
		content := rpc.CheckText(&reviewv1.CreateReviewRequest{Content: s})
		if d := time.Since(start); d > slow {
			t.Fatalf("checking %d bytes took %v", len(s), d)
		}
		control, direction := !utf8.ValidString(s), false
		for _, r := range s {
			switch {
			case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r >= 0x7f && r <= 0x9f:
				control = true
			case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
				direction = true
			}
		}
		if (content != nil) != control {
			t.Fatalf("content %q: %v, want refused %v", s, content, control)
		}
		if (titled != nil) != (control || direction) {
			t.Fatalf("title %q: %v, want refused %v", s, titled, control || direction)
		}
	})
}

// decoded is a request type the codec fuzzers decode into: strings, lists and a nested message.
func decodedTypes() []proto.Message {
	return []proto.Message{&reviewv1.CreateReviewRequest{}, &propertyv1.UpdatePropertyRequest{}}
}

// The JSON codec never panics; what it accepts holds only valid UTF-8 or is marked so the text
// check refuses it; and what it accepts survives a round trip through the codec unchanged.
func FuzzJSONCodec(f *testing.F) {
	for _, seed := range []string{`{}`, `{"title":"a"}`, `{"title":"a\u0000"}`, "{\"title\":\"\xff\"}", `{"pros":["a","b"]}`,
		`{"listing":{"title":"x","monthlyRent":5}}`, `{"rating":99999999999}`, `{"rating":-1}`, `{"rating":"4"}`, `[1,2]`, `null`,
		strings.Repeat(`{"listing":`, 200) + `{}` + strings.Repeat(`}`, 200), `{"title":`, ""} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range decodedTypes() {
			m = m.ProtoReflect().New().Interface()
			start := time.Now()
			err := rpc.JSONCodec{}.Unmarshal(data, m)
			if d := time.Since(start); d > slow {
				t.Fatalf("decoding %d bytes took %v", len(data), d)
			}
			if err != nil {
				continue
			}
			if !utf8.Valid(data) && rpc.CheckText(m) == nil {
				t.Fatalf("%q: text that is not UTF-8 passed the text check", data)
			}
			out, err := rpc.JSONCodec{}.Marshal(m)
			if err != nil {
				t.Fatalf("marshal what was decoded: %v", err)
			}
			again := m.ProtoReflect().New().Interface()
			if err := (rpc.JSONCodec{}).Unmarshal(out, again); err != nil {
				t.Fatalf("%s does not decode: %v", out, err)
			}
			proto.Reset(m.ProtoReflect().Interface())
			_ = rpc.JSONCodec{}.Unmarshal(data, m)
			if utf8.Valid(data) && !proto.Equal(m, again) {
				t.Fatalf("round trip of %q changed it: %v, %v", data, m, again)
			}
		}
	})
}

// The proto codec never panics; what it accepts holds only valid UTF-8 or is marked so the text
// check refuses it, and survives a round trip.
func FuzzProtoCodec(f *testing.F) {
	for _, m := range []proto.Message{
		&reviewv1.CreateReviewRequest{Title: "Quiet", Pros: []string{"light"}, Rating: 4},
		&reviewv1.CreateReviewRequest{Title: "a\xffb"},
		&propertyv1.UpdatePropertyRequest{Id: 3, Listing: &propertyv1.CreatePropertyRequest{Title: "x\xff", MonthlyRent: -1}},
	} {
		b, _ := proto.Marshal(m)
		f.Add(b)
	}
	f.Add([]byte{0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range decodedTypes() {
			m = m.ProtoReflect().New().Interface()
			start := time.Now()
			err := rpc.ProtoCodec{}.Unmarshal(data, m)
			if d := time.Since(start); d > slow {
				t.Fatalf("decoding %d bytes took %v", len(data), d)
			}
			if err != nil {
				continue
			}
			if proto.Unmarshal(data, m.ProtoReflect().New().Interface()) != nil && rpc.CheckText(m) == nil {
				t.Fatalf("%x: accepted only after repair, yet passes the text check", data)
			}
			out, err := rpc.ProtoCodec{}.Marshal(m)
			if err != nil {
				t.Fatalf("marshal what was decoded: %v", err)
			}
			again := m.ProtoReflect().New().Interface()
			if err := (rpc.ProtoCodec{}).Unmarshal(out, again); err != nil || !proto.Equal(m, again) {
				t.Fatalf("round trip of %x: %v", data, err)
			}
		}
	})
}
