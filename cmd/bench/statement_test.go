package main

import (
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
