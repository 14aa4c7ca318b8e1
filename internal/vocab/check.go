package vocab

import (
	"fmt"

	"github.com/rentproof/rentproof/internal/apperr"
)

// CheckText records on v what s breaks of the field's length rules, with the messages SPEC
// words them in: "{label} is required" (a minimum of one character), "{label} must be at least
// N characters", "{label} must be at most N characters". field is the API's field name.
func (f Field) CheckText(v *apperr.Validator, field, label, s string) {
	switch {
	case f.MinChars == 1 && s == "":
		v.Check(false, field, label+" is required")
	case f.TooShort(s):
		v.Check(false, field, fmt.Sprintf("%s must be at least %d characters", label, f.MinChars))
	case f.TooLong(s):
		v.Check(false, field, fmt.Sprintf("%s must be at most %d characters", label, f.MaxChars))
	}
}
