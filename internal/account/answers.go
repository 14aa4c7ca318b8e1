package account

import (
	"encoding/binary"
	"strings"
	"sync/atomic"

	"golang.org/x/text/unicode/norm"

	"github.com/rentproof/rentproof/internal/signing"
)

// Security answers are hashed normalised (users.security_answers_version 2): a newcomer who typed
// "Leeds" and later types "leeds  " gets in. SPEC §5 says answers are case-sensitive; this
// deviates on purpose (README). Answers stored before (version 1) were hashed as typed, trimmed,
// and are compared that way until their next successful use re-hashes them normalised.
const (
	answersAsTyped    = 1
	answersNormalised = 2
)

// normaliseAnswer folds what people do not remember typing: compatibility forms (NFKC, so a
// full-width "Ｌｅｅｄｓ" is "Leeds"), letter case (Unicode-aware) and spacing (trimmed, inner
// runs of white space as one space).
func normaliseAnswer(answer string) string {
	return strings.Join(strings.Fields(strings.ToLower(norm.NFKC.String(answer))), " ")
}

// hashAnswer hashes an answer the current way (answersNormalised).
func hashAnswer(answer string) (string, error) {
	return HashSecret(normaliseAnswer(answer))
}

// verifyAnswer checks an answer against a hash of the given version: one argon2id either way.
func verifyAnswer(hash, answer string, version int16) bool {
	if version == answersAsTyped {
		return VerifySecret(hash, strings.TrimSpace(answer))
	}
	return VerifySecret(hash, normaliseAnswer(answer))
}

// decoyPurpose names the key that picks the questions shown for a pair without real ones.
const decoyPurpose = "decoy_questions"

// decoyQuestions are the two questions shown for an email and username that name no account
// with questions: chosen by a keyed hash of the normalised pair, so the same pair always sees
// the same two and nobody without the key can tell them from real ones.
func decoyQuestions(key *signing.Key, email, username string) (q1, q2 string, id int32) {
	sum := key.Sum(strings.ToLower(email), strings.ToLower(username))
	n := uint64(len(SecurityQuestions))
	i := binary.BigEndian.Uint64(sum[0:8]) % n
	j := (i + 1 + binary.BigEndian.Uint64(sum[8:16])%(n-1)) % n
	// An id above any account's (ids are assigned from 1 up): answers for it fail as wrong ones.
	id = int32(1<<30 + binary.BigEndian.Uint32(sum[16:20])%(1<<30))
	return SecurityQuestions[i], SecurityQuestions[j], id
}

// secretWork counts the expensive steps recovery takes (argon2id runs, tokens minted, emails
// composed), so tests can check that a miss costs what a hit costs without timing either.
var secretWork struct{ argon2, tokens, emails atomic.Int64 }
