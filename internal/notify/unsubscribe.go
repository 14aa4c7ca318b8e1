package notify

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/rentproof/rentproof/internal/signing"
)

// UnsubscribePurpose is the signing key of unsubscribe links (signing.Open's name).
const UnsubscribePurpose = "unsubscribe"

// UnsubscribeTTL is how long an unsubscribe link works: people unsubscribe from old mail too.
const UnsubscribeTTL = 365 * 24 * time.Hour

// UnsubscribeURL is the one-click link (RFC 8058) that turns userID's email of category c off:
// origin + "/unsubscribe?token=…", signed with key (purpose UnsubscribePurpose) for UnsubscribeTTL.
func UnsubscribeURL(origin string, key *signing.Key, userID int32, c Category) string {
	token := key.Sign(time.Now().Add(UnsubscribeTTL), strconv.FormatInt(int64(userID), 10), string(c))
	return strings.TrimSuffix(origin, "/") + "/unsubscribe?token=" + url.QueryEscape(token)
}

// ParseUnsubscribe checks a token of UnsubscribeURL and returns whose email of which category it
// turns off. An altered, forged or expired token, or one naming a category that cannot be turned
// off, is refused (signing.ErrInvalid or signing.ErrExpired).
func ParseUnsubscribe(key *signing.Key, token string) (userID int32, c Category, err error) {
	parts, err := key.Verify(token, time.Now())
	if err != nil {
		return 0, "", fmt.Errorf("unsubscribe token: %w", err)
	}
	if len(parts) != 2 {
		return 0, "", fmt.Errorf("unsubscribe token: %d parts: %w", len(parts), signing.ErrInvalid)
	}
	id, err := strconv.ParseInt(parts[0], 10, 32)
	if err != nil || id <= 0 {
		return 0, "", fmt.Errorf("unsubscribe token: user %q: %w", parts[0], signing.ErrInvalid)
	}
	c = Category(parts[1])
	if _, ok := lookupCategory(c); !ok {
		return 0, "", fmt.Errorf("unsubscribe token: category %q: %w", parts[1], signing.ErrInvalid)
	}
	return int32(id), c, nil
}
