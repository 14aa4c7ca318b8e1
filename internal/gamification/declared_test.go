package gamification_test

import (
	"testing"

	"github.com/rentproof/rentproof/internal/gamification"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The points table the web app shows is the contract's (vocab.Published), row for row, and it is
// the table Give awards from: TestBadgesOnceAndCapsUnderParallelActions holds each rule of Rules
// to its points, daily cap and once-only flag under parallel awards.
func TestPointsTableIsTheDeclaredOne(t *testing.T) {
	t.Parallel()
	declared := vocab.Published.GetXp()
	if len(declared) != len(gamification.Rules) {
		t.Fatalf("%d rules award XP, the contract declares %d", len(gamification.Rules), len(declared))
	}
	for i, r := range gamification.Rules {
		x := declared[i]
		if r.Key != x.GetKey() || r.Points != x.GetPoints() || r.DailyCap != x.GetDailyCap() || r.OncePerEntity != x.GetOncePerEntity() {
			t.Errorf("rule %d: %+v, declared %v", i, r, x)
		}
	}
}
