// Package soak marks the long reliability tests that `make soak` runs (scripts/soak.sh) and
// prints their figures in one greppable form, which the script gathers into its summary.
package soak

import (
	"fmt"
	"os"
	"testing"
)

// Enabled reports whether this run is a soak (SOAK=1, set by scripts/soak.sh).
func Enabled() bool { return os.Getenv("SOAK") == "1" }

// Only skips t, saying why, unless this run is a soak: the long form of a test belongs to
// `make soak`, whose short form runs in `make test`.
func Only(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("a soak test: `make soak` runs it (SOAK=1)")
	}
}

// Figure prints one measured figure as "soak: NAME: VALUE" on standard output, where
// scripts/soak.sh finds it (go test -v passes a test's standard output through).
func Figure(name string, format string, args ...any) {
	fmt.Printf("soak: %s: %s\n", name, fmt.Sprintf(format, args...))
}
