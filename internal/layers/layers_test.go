// Package layers_test checks the layering that depguard (.golangci.yml) cannot see: depguard reads
// each file's own imports, so a domain that reached HTTP, Connect or the layers above it through
// another package would pass it. This test reads every package's whole dependency list (go list).
package layers_test

import (
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/rentproof/rentproof/"

// layers may use HTTP and Connect: the protocol side of ARCHITECTURE.md's "Layers (Go)" table,
// and the test support that speaks it (testserver, testworld). Every other package under
// internal/ is a domain or plumbing held to the domains' rule.
var layers = []string{"internal/api", "internal/rest", "internal/rpc", "internal/server", "internal/web", "internal/testserver", "internal/testworld"}

// adapters implement a domain's small interface over a library that needs the network; they are
// wired by cmd/server and never imported by a domain (the rule below would then fail that domain).
var adapters = map[string]string{
	"internal/blobstore":        "gocloud.dev's bucket drivers (S3 over HTTP) behind upload.Store and document.Store",
	"internal/blobstore/s3test": "an S3-compatible server (gofakes3) for the tests of the S3 store",
	"internal/metrics":          "Prometheus's client, whose registry package reaches net/http (cmd/server serves it on METRICS_ADDR)",
	"internal/mailtest":         "the tests' reader of Mailpit's HTTP API (the mail the sender delivered)",
}

// forbidden names what dep is of the things a domain may not reach, directly or through another
// package: net/http, Connect, gRPC or a layer; "" when it is none of them.
func forbidden(dep string) string {
	switch {
	case dep == "net/http":
		return dep
	case strings.HasPrefix(dep, "connectrpc.com/"):
		return "connectrpc.com"
	case dep == "google.golang.org/grpc" || strings.HasPrefix(dep, "google.golang.org/grpc/"):
		return "google.golang.org/grpc"
	case slices.Contains(layers, strings.TrimPrefix(dep, module)):
		return dep
	}
	return ""
}

// exceptions are the forbidden packages a domain reaches only through a library it needs, each
// with why. The domain itself still imports none of them (depguard holds that).
var exceptions = map[string]map[string]string{
	"internal/payment": {"net/http": "stripe-go, Stripe's client, calls Stripe's API over HTTP itself"},
	"internal/passkey": {"net/http": "go-webauthn offers Finish* helpers over *http.Request beside the Validate* ones on parsed JSON, which are all passkey calls"},
}

func TestDomainsReachNoHTTPConnectOrLayerAbove(t *testing.T) {
	t.Parallel()
	out, err := exec.CommandContext(t.Context(), "go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, module+"internal/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	used := map[string]map[string]bool{}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		if slices.Contains(layers, pkg) || adapters[pkg] != "" {
			continue
		}
		reached := map[string]bool{}
		for _, dep := range fields[1:] {
			if f := forbidden(dep); f != "" {
				reached[f] = true
			}
		}
		for _, f := range slices.Sorted(maps.Keys(reached)) {
			if _, ok := exceptions[pkg][f]; ok {
				if used[pkg] == nil {
					used[pkg] = map[string]bool{}
				}
				used[pkg][f] = true
				continue
			}
			t.Errorf("%s reaches %s: domains never import HTTP, Connect, gRPC or the layers above them, not even through another package", pkg, f)
		}
	}
	for pkg, deps := range exceptions {
		for dep, why := range deps {
			if !used[pkg][dep] {
				t.Errorf("%s no longer reaches %s (%s): drop the exception", pkg, dep, why)
			}
		}
	}
}
