package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The bench reads the server's statement from the query files: it must find it, as plain SQL.
func TestSearchStatement(t *testing.T) {
	t.Chdir("../..") // the bench runs from the repository root
	got, err := searchStatement("$1", "$2", "$3")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "sqlc.") || strings.Contains(got, "--") || !strings.HasPrefix(got, "SELECT p.*") {
		t.Errorf("statement:\n%s", got)
	}
}

// The Express peer runs the server's statement: when the server's changes, the peer's must too
// (the owners change the peer; the bench says so here).
func TestPeerRunsTheServersStatement(t *testing.T) {
	t.Chdir("../..")
	peer, err := os.ReadFile(filepath.Join(peerDir, "server.js"))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := searchStatement("$1", "$2", "$3")
	if err != nil {
		t.Fatal(err)
	}
	// The peer names the count city_total and passes the viewer as $4 (always 0).
	theirs := regexp.MustCompile("(?s)const text = `(.*?)`").FindSubmatch(peer)
	if theirs == nil {
		t.Fatal("no statement found in the peer's server.js")
	}
	normal := func(s string) string {
		s = strings.NewReplacer("city_total", "total", "$4::int", "0::int", "$4", "0").Replace(s)
		return strings.TrimSuffix(strings.Join(strings.Fields(s), " "), ";")
	}
	if a, b := normal(ours), normal(string(theirs[1])); a != b {
		t.Errorf("the server's search statement is no longer the peer's: ask for the peer to be changed to match\nserver: %s\npeer:   %s", a, b)
	}
}
