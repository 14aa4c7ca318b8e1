package account

import (
	"context"
	"fmt"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/identity"
)

// A browser that signed in to an account before carries a device token (the API keeps it in a
// cookie). It lets its owner past the account-wide limit on failed sign-ins, which anyone could
// otherwise fill from elsewhere to lock the account (OWASP's device cookies).

// DeviceTTL is how long a browser stays known without signing in again.
const DeviceTTL = 365 * 24 * time.Hour

// deviceFrom returns the device token the request came with, if any.
func deviceFrom(ctx context.Context) string {
	t := identity.ClientFrom(ctx).Device
	if len(t) > 200 {
		return ""
	}
	return t
}

// knownDevice tells whether the request's browser signed in to the account before.
func knownDevice(ctx context.Context, q *db.Queries, userID int32) (bool, error) {
	token := deviceFrom(ctx)
	if token == "" {
		return false, nil
	}
	known, err := q.IsKnownDevice(ctx, db.IsKnownDeviceParams{TokenHash: HashToken(token), UserID: userID})
	if err != nil {
		return false, fmt.Errorf("look up device: %w", err)
	}
	return known, nil
}

// rememberDevice records that the request's browser signed in to the account, and returns the
// device token its cookie should carry. A token is reused only when it is already known for this
// account: a token planted in the browser by someone else never becomes a key to it.
func rememberDevice(ctx context.Context, q *db.Queries, userID int32) (string, error) {
	token := deviceFrom(ctx)
	known, err := knownDevice(ctx, q, userID)
	if err != nil {
		return "", err
	}
	if !known {
		token = newToken()
	}
	if err := q.RememberDevice(ctx, db.RememberDeviceParams{TokenHash: HashToken(token), UserID: userID}); err != nil {
		return "", fmt.Errorf("remember device: %w", err)
	}
	return token, nil
}

// forgetOtherDevices forgets, in q's transaction, every browser of the account but the request's
// own: after a new password or the member's "sign out other sessions", a browser that signed in
// before (perhaps a thief's) is new again, so its next sign-in alerts the member and the
// account-wide limit holds it.
func forgetOtherDevices(ctx context.Context, q *db.Queries, userID int32) error {
	var keep []byte
	if token := deviceFrom(ctx); token != "" {
		keep = HashToken(token)
	}
	if err := q.ForgetOtherDevices(ctx, db.ForgetOtherDevicesParams{UserID: userID, Keep: keep}); err != nil {
		return fmt.Errorf("forget other browsers of %d: %w", userID, err)
	}
	return nil
}
