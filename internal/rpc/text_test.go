package rpc_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/rpc"
)

// violations lists a CheckText error as field: message, or its message alone without fields.
func violations(err error) string {
	if ve, ok := errors.AsType[*apperr.ValidationError](err); ok {
		var out []string
		for _, v := range ve.Violations {
			out = append(out, v.Field+": "+v.Message)
		}
		return fmt.Sprint(out)
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestCheckText(t *testing.T) {
	t.Parallel()
	nested, _ := structpb.NewStruct(map[string]any{"ok": "fine", "inner": map[string]any{"deep": "bell\a"}})
	for name, c := range map[string]struct {
		msg  proto.Message
		want string
	}{
		"fine, with tab, newlines and U+FFFD": {&reviewv1.CreateReviewRequest{Title: "a\tb\r\nc \uFFFD é \u00a0 \u2028 \u202f"}, ""},
		"DEL":                                 {&reviewv1.CreateReviewRequest{Content: "a\x7fb"}, "[content: Text must not contain control characters]"},
		"C1, first":                           {&reviewv1.CreateReviewRequest{Content: "a\u0080b"}, "[content: Text must not contain control characters]"},
		"C1, last":                            {&reviewv1.CreateReviewRequest{Title: "next line\u0085"}, "[title: Text must not contain control characters]"},
		"override":                            {&reviewv1.CreateReviewRequest{Title: "cheap\u202Etxt.exe"}, "[title: Names and titles must not contain characters that change the direction of text]"},
		"isolate":                             {&reviewv1.CreateReviewRequest{Title: "\u2066a\u2069"}, "[title: Names and titles must not contain characters that change the direction of text]"},
		"override and C1":                     {&reviewv1.CreateReviewRequest{Title: "\u202Aa\u009f"}, "[title: Text must not contain control characters]"},
		"bidi in content":                     {&reviewv1.CreateReviewRequest{Content: "\u202Bשלום\u202C and \u2067مرحبا\u2069"}, ""},
		"neighbours of bidi":                  {&reviewv1.CreateReviewRequest{Title: "\u2029\u202f\u2065\u206a"}, ""},
		"NUL":                                 {&reviewv1.CreateReviewRequest{Title: "a\x00b"}, "[title: Text must not contain control characters]"},
		"escape":                              {&reviewv1.CreateReviewRequest{Content: "\x1b[31mred"}, "[content: Text must not contain control characters]"},
		"invalid UTF-8":                       {&reviewv1.CreateReviewRequest{Title: "a\xffb"}, "[title: Text must be valid UTF-8]"},
		"list, once":                          {&reviewv1.CreateReviewRequest{Pros: []string{"ok", "a\x00", "b\x00"}}, "[pros: Text must not contain control characters]"},
		"several fields":                      {&reviewv1.CreateReviewRequest{Title: "\xff", Cons: []string{"\x00"}}, "[title: Text must be valid UTF-8 cons: Text must not contain control characters]"},
		"map key":                             {&structpb.Struct{Fields: map[string]*structpb.Value{"k\x00": structpb.NewStringValue("v")}}, "[fields: Text must not contain control characters]"},
		"nested message":                      {nested, "[fields.structValue.fields.stringValue: Text must not contain control characters]"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := violations(rpc.CheckText(c.msg)); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
			if err := rpc.CheckText(c.msg); err != nil && !errors.Is(err, apperr.ErrInvalidArgument) {
				t.Errorf("%v is not invalid argument", err)
			}
		})
	}
}

// Text that is not UTF-8 passes the codecs marked, so CheckText refuses it in the user's words.
func TestCodecsLeaveInvalidUTF8ToCheckText(t *testing.T) {
	t.Parallel()
	const marker = "QXQX"
	msg := &reviewv1.CreateReviewRequest{Title: "Fine title", Pros: []string{"ok", "bad " + marker}}
	wire, _ := proto.Marshal(msg)
	wire = bytes.Replace(wire, []byte(marker), []byte("\xff\xfe\xfd\xfc"), 1)
	var got reviewv1.CreateReviewRequest
	if err := (rpc.ProtoCodec{}).Unmarshal(wire, &got); err != nil {
		t.Fatal(err)
	}
	if v := violations(rpc.CheckText(&got)); v != "[pros: Text must be valid UTF-8]" || got.Title != "Fine title" {
		t.Errorf("proto: %s, %+v", v, &got)
	}

	nested, _ := structpb.NewStruct(map[string]any{"inner": map[string]any{"deep": marker}})
	wire, _ = proto.Marshal(nested)
	wire = bytes.Replace(wire, []byte(marker), []byte("\xff\xfe\xfd\xfc"), 1)
	var s structpb.Struct
	if err := (rpc.ProtoCodec{}).Unmarshal(wire, &s); err != nil {
		t.Fatal(err)
	}
	if v := violations(rpc.CheckText(&s)); v != "[fields.structValue.fields.stringValue: Text must be valid UTF-8]" {
		t.Errorf("proto, nested: %s", v)
	}

	if err := (rpc.ProtoCodec{}).Unmarshal([]byte{0x0a, 0x05, 'a'}, &got); err == nil {
		t.Error("a truncated message must still fail")
	}

	var fromJSON reviewv1.CreateReviewRequest
	if err := (rpc.JSONCodec{}).Unmarshal([]byte("{\"title\":\"a\xffb\"}"), &fromJSON); err != nil {
		t.Fatal(err)
	}
	if v := violations(rpc.CheckText(&fromJSON)); v != "Text must be valid UTF-8" {
		t.Errorf("json: %s", v)
	}
	if err := (rpc.JSONCodec{}).Unmarshal([]byte(`{"title":`), &fromJSON); err == nil {
		t.Error("broken JSON must still fail")
	}

	// A client sending the mark itself only has its request refused.
	wire, _ = proto.Marshal(&reviewv1.CreateReviewRequest{Title: "Fine title"})
	wire = protowire.AppendTag(wire, protowire.MaxValidNumber, protowire.BytesType)
	wire = protowire.AppendString(wire, "made\x00up")
	if err := (rpc.ProtoCodec{}).Unmarshal(wire, &got); err != nil {
		t.Fatal(err)
	}
	if v := violations(rpc.CheckText(&got)); v != "Text must be valid UTF-8" {
		t.Errorf("forged mark: %s", v)
	}
}

// IsNameField picks the names and titles of the contract's requests, and nothing longer.
func TestIsNameField(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]bool{
		"title": true, "firstName": true, "lastName": true, "username": true, "name": true,
		"listing.title": true, "fileName": true, "authorTitle": true, "ownerUsername": true,
		"content": false, "bio": false, "description": false, "titles": false, "nameless": false, "detail": false,
	} {
		if got := rpc.IsNameField(path); got != want {
			t.Errorf("IsNameField(%q) = %v, want %v", path, got, want)
		}
	}
}

// Names holds every value to a name's rules.
func TestNamesCheck(t *testing.T) {
	t.Parallel()
	err := rpc.Names{"document": "deed\u202Efdp.exe"}.Check()
	if got := violations(err); got != "[document: Names and titles must not contain characters that change the direction of text]" {
		t.Errorf("got %s", got)
	}
	if err := (rpc.Text{"document": "deed\u202Efdp.exe"}).Check(); err != nil {
		t.Errorf("Text keeps direction controls outside names: %v", err)
	}
	if err := (rpc.Names{"document": "deed.pdf"}).Check(); err != nil {
		t.Errorf("plain name refused: %v", err)
	}
}
