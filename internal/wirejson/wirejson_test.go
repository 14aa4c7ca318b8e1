package wirejson_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/timestamppb"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/internal/wirejson"

	// Every API package, so that all of the contract's messages are registered.
	_ "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	_ "github.com/rentproof/rentproof/gen/rentproof/gamification/v1"
	_ "github.com/rentproof/rentproof/gen/rentproof/resource/v1"
	_ "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	_ "github.com/rentproof/rentproof/gen/rentproof/statistics/v1"
	_ "github.com/rentproof/rentproof/gen/rentproof/token/v1"
	_ "github.com/rentproof/rentproof/gen/rentproof/verification/v1"
)

var protojsonOptions = protojson.MarshalOptions{EmitUnpopulated: true}

// contract lists every message of the API.
func contract(t *testing.T) []protoreflect.MessageType {
	t.Helper()
	var out []protoreflect.MessageType
	protoregistry.GlobalTypes.RangeMessages(func(mt protoreflect.MessageType) bool {
		if strings.HasPrefix(string(mt.Descriptor().FullName()), "rentproof.") {
			out = append(out, mt)
		}
		return true
	})
	if len(out) < 20 {
		t.Fatalf("only %d messages registered", len(out))
	}
	return out
}

// TestGeneratedMatchesProtojson fills every field of every message of the contract, in several
// variants, and checks the generated encoder against protojson.
func TestGeneratedMatchesProtojson(t *testing.T) {
	t.Parallel()
	for _, mt := range contract(t) {
		name := string(mt.Descriptor().FullName())
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if _, ok := mt.New().Interface().(wirejson.Appender); !ok {
				t.Fatalf("%s has no generated AppendJSON", name)
			}
			for variant := range samples {
				m := mt.New()
				fill(m, variant, 2)
				same(t, fmt.Sprintf("%s (variant %d)", name, variant), m.Interface())
			}
			same(t, name+" (empty)", mt.New().Interface())
		})
	}
}

func TestUnsetNestedMessagesAreNull(t *testing.T) {
	t.Parallel()
	got := string(wirejson.Marshal(&propertyv1.Property{}))
	for _, want := range []string{`"createdAt":null`, `"ratingSummary":null`, `"amenities":[]`, `"rating":0`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in %s", want, got)
		}
	}
}

func TestInvalidUTF8BecomesReplacementCharacter(t *testing.T) {
	t.Parallel()
	got := string(wirejson.Marshal(&propertyv1.Property{Title: "caf\xe9!"}))
	if !strings.Contains(got, `"title":"caf`+"\ufffd"+`!"`) {
		t.Errorf("got %s", got)
	}
}

func same(t *testing.T, name string, m proto.Message) {
	t.Helper()
	fast := wirejson.Marshal(m)
	slow, err := protojsonOptions.Marshal(m)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var a, b any
	if err := json.Unmarshal(fast, &a); err != nil {
		t.Fatalf("%s: generated output is not JSON: %v\n%s", name, err, fast)
	}
	if err := json.Unmarshal(slow, &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("%s differs:\ngenerated %s\nprotojson %s", name, fast, slow)
	}
}

// samples are the values a variant puts in fields: strings that need escaping, numbers at the
// edges of plain notation, timestamps with each fractional precision.
type sample struct {
	s     string
	i     int64
	f     float64
	b     bool
	nanos int32
}

var samples = []sample{
	{"Café \"quoted\" \\ back\nslash\t<script>alert(1)</script> \u0001 \b\f\r 日本 \u2028 😀", 7, 4.25, true, 0},
	{"", -2650, 1e-7, false, 120_000_000},
	{"plain", 1 << 30, 1e21, true, 123_456_000},
	{"/uploads/a.jpg", 0, -12.5, false, 999_999_999},
}

// fill sets every field of m from samples[variant], each field a little differently (so that
// two fields swapped show), nesting messages depth levels deep.
func fill(m protoreflect.Message, variant, depth int) {
	v := samples[variant]
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		n := int64(fd.Number())
		switch {
		case fd.IsMap():
			mp := m.Mutable(fd).Map()
			for k := range 3 {
				key := scalar(fd.MapKey(), v, int64(3-k)*int64(variant+1))
				if val, ok := element(fd.MapValue(), variant, n, depth, func() protoreflect.Value { return mp.NewValue() }); ok {
					mp.Set(key.MapKey(), val)
				}
			}
		case fd.IsList():
			list := m.Mutable(fd).List()
			for j := range int64(2) {
				if val, ok := element(fd, variant, n+j, depth, list.NewElement); ok {
					list.Append(val)
				}
			}
		default:
			newValue := func() protoreflect.Value { return m.NewField(fd) }
			if val, ok := element(fd, variant, n, depth, newValue); ok {
				m.Set(fd, val)
			}
		}
	}
}

func element(fd protoreflect.FieldDescriptor, variant int, n int64, depth int, newValue func() protoreflect.Value) (protoreflect.Value, bool) {
	if fd.Kind() != protoreflect.MessageKind {
		return scalar(fd, samples[variant], n), true
	}
	if fd.Message().FullName() == "google.protobuf.Timestamp" {
		ts := timestamppb.New(time.Date(2026, 11, 21, 9, 30, int(n), int(samples[variant].nanos), time.UTC))
		return protoreflect.ValueOfMessage(ts.ProtoReflect()), true
	}
	if depth == 0 {
		return protoreflect.Value{}, false
	}
	val := newValue()
	fill(val.Message(), variant, depth-1)
	return val, true
}

// scalar is v's value of fd's kind, shifted by n.
func scalar(fd protoreflect.FieldDescriptor, v sample, n int64) protoreflect.Value {
	i := v.i + n
	switch fd.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(v.s + string(rune('a'+n%26)))
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(v.b != (n%2 == 0))
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32(int32(i))
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64(i << 20)
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32(uint32(i))
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64(uint64(i))
	case protoreflect.FloatKind:
		return protoreflect.ValueOfFloat32(float32(v.f * float64(n)))
	case protoreflect.DoubleKind:
		return protoreflect.ValueOfFloat64(v.f * float64(n))
	case protoreflect.BytesKind:
		return protoreflect.ValueOfBytes([]byte(v.s))
	}
	panic("kind " + fd.Kind().String())
}

func BenchmarkEncodeSearchPage(b *testing.B) {
	ps := make([]*propertyv1.Property, 12)
	for i := range ps {
		ps[i] = &propertyv1.Property{Id: int32(i), Title: "Bench home", Description: "A synthetic listing.", City: "Springfield",
			CreatedAt: timestamppb.Now(), UpdatedAt: timestamppb.Now(), Amenities: []string{"Balcony"},
			RatingSummary: &propertyv1.RatingSummary{Average: 4.2, Count: 10, Distribution: []int32{1, 0, 2, 3, 4}}}
	}
	b.Run("generated", func(b *testing.B) {
		for b.Loop() {
			var out []byte
			for _, p := range ps {
				out = wirejson.Append(out, p)
			}
		}
	})
	b.Run("protojson", func(b *testing.B) {
		for b.Loop() {
			for _, p := range ps {
				_, _ = protojsonOptions.Marshal(p)
			}
		}
	})
}

// Timestamps are written by hand: they must be protojson's, across the years and precisions.
func TestTimestampsMatchProtojson(t *testing.T) {
	t.Parallel()
	for _, when := range []time.Time{
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1999, 12, 31, 23, 59, 59, 999_999_999, time.UTC), time.Date(2026, 2, 3, 4, 5, 6, 7_000_000, time.UTC),
		time.Date(2026, 11, 27, 21, 50, 0, 120_000, time.UTC), time.Date(2400, 2, 29, 12, 0, 0, 5, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 100, time.UTC),
	} {
		ts := timestamppb.New(when)
		want, err := protojson.Marshal(ts)
		if err != nil {
			t.Fatal(err)
		}
		if got := wirejson.AppendTimestamp(nil, ts); string(got) != string(want) {
			t.Errorf("%v: %s, protojson %s", when, got, want)
		}
	}
}
