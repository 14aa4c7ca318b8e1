package identity

// PublicLastName is the part of a last name that anyone may see: its first letter (reviews show
// "Ada L."). The full last name stays with its owner and the administrators.
func PublicLastName(last string) string {
	for _, r := range last {
		return string(r)
	}
	return ""
}
