package web

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNoFalseClaims holds the text this package writes into pages (titles, descriptions, the
// heads of places and articles) to the claims the app's pages may not make either
// (ui/src/app/false-claims.json, which ui/src/app/claims.test.ts applies to the app's own text):
// no page claims more than the product checks.
func TestNoFalseClaims(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../ui/src/app/false-claims.json")
	if err != nil {
		t.Fatal(err)
	}
	var claims []struct{ Claim, Because string }
	if err := json.Unmarshal(data, &claims); err != nil || len(claims) == 0 {
		t.Fatalf("false-claims.json: %d claims, %v", len(claims), err)
	}
	// Every string literal of the package's code (tests left out), and a place's description as
	// written.
	texts := []string{placeDescription("Leeds")}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					texts = append(texts, s)
				}
			}
			return true
		})
	}
	if len(texts) < 50 {
		t.Fatalf("read %d strings: the package's code was not found", len(texts))
	}
	for _, c := range claims {
		re := regexp.MustCompile("(?i)" + c.Claim)
		for _, s := range texts {
			if re.MatchString(s) {
				t.Errorf("%q says %q, but %s", s, c.Claim, c.Because)
			}
		}
	}
}
