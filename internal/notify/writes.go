//go:build !nonotices

package notify

// writesNotices is false only in a server built with -tags nonotices, which writes no notices:
// the benchmark's measure of what notices cost the writes they ride on (make bench BENCH=notices).
const writesNotices = true
