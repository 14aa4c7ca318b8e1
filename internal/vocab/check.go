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

// CheckMapArea records on v what a map area {west, south, east, north} breaks (nil: none asked):
// the search's rule, which saved searches apply too. NaN and infinities fail every comparison.
func CheckMapArea(v *apperr.Validator, field string, m *[4]float64) {
	if m == nil {
		return
	}
	v.Check(m[0] >= -180 && m[2] <= 180 && m[0] < m[2], field,
		"The map area's west must be west of its east, both between -180 and 180 (an area may not cross the 180th meridian)")
	v.Check(m[1] >= -90 && m[3] <= 90 && m[1] < m[3], field, "The map area's south must be south of its north, both between -90 and 90")
}
