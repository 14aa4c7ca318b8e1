package account

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/ledger"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// The account fields' bounds come from the contract (internal/vocab): SPEC gives the minimums;
// the maximums keep hostile input out.
var rules = vocab.Account

var usernamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// Registration is what a person fills in to join.
type Registration struct {
	Username, Email, Password, FirstName, LastName, Role string
}

// SignIn is what a successful sign-in or registration gives the browser: the user, the session
// token and the device token (see DeviceCookie).
type SignIn struct {
	User            User
	Session, Device string
}

// Register creates a tenant or landlord with the opening token grant and signs them in. At most
// Limits.RegistrationsPerNetwork accounts are created from one client network in 24 hours.
func (s *Service) Register(ctx context.Context, r Registration) (SignIn, error) {
	r.Username = strings.TrimSpace(r.Username)
	r.Email = strings.TrimSpace(r.Email)
	r.FirstName = strings.TrimSpace(r.FirstName)
	r.LastName = strings.TrimSpace(r.LastName)
	if r.Role == "" {
		r.Role = "tenant"
	}
	var v apperr.Validator
	checkUsername(&v, r.Username)
	checkEmail(&v, r.Email)
	checkPassword(&v, "password", r.Password)
	v.Check(r.FirstName != "", "firstName", "First name is required")
	v.Check(!rules.FirstName.TooLong(r.FirstName), "firstName", fmt.Sprintf("First name must be at most %d characters", rules.FirstName.MaxChars))
	v.Check(r.LastName != "", "lastName", "Last name is required")
	v.Check(!rules.LastName.TooLong(r.LastName), "lastName", fmt.Sprintf("Last name must be at most %d characters", rules.LastName.MaxChars))
	// Other roles are granted, never chosen.
	v.Check(rules.Role.Allows(r.Role), "role", "You can only register as a tenant or a landlord")
	if err := v.Err(); err != nil {
		return SignIn{}, err
	}
	perNetwork := ratelimit.Rule{
		Key: "register:net:" + ratelimit.Network(identity.ClientFrom(ctx).IP), Max: s.limits.RegistrationsPerNetwork, Window: 24 * time.Hour,
	}
	signIn, err := s.create(ctx, r, perNetwork)
	if e, ok := ratelimit.IsExceeded(err); ok {
		return SignIn{}, &apperr.Error{Kind: apperr.ErrResourceExhausted, RetryAfter: e.RetryAfter,
			Message: "Too many accounts have been created from your network today. Please try again in " + waitText(e.RetryAfter) + "."}
	}
	return signIn, err
}

// CreateAdmin creates an administrator. It is reachable only from the server binary's
// `admin create` command, never through the API.
func (s *Service) CreateAdmin(ctx context.Context, r Registration) (User, error) {
	r.Role = "admin"
	var v apperr.Validator
	checkUsername(&v, r.Username)
	checkEmail(&v, r.Email)
	checkPassword(&v, "password", r.Password)
	v.Check(strings.TrimSpace(r.FirstName) != "", "firstName", "First name is required")
	v.Check(strings.TrimSpace(r.LastName) != "", "lastName", "Last name is required")
	if err := v.Err(); err != nil {
		return User{}, err
	}
	signIn, err := s.create(ctx, r)
	return signIn.User, err
}

// create makes the account and signs it in, counting it against limits in the same transaction
// (so an account that fails to be created counts for nothing).
func (s *Service) create(ctx context.Context, r Registration, limits ...ratelimit.Rule) (SignIn, error) {
	if taken, err := s.q.UsernameTaken(ctx, r.Username); err != nil {
		return SignIn{}, fmt.Errorf("check username: %w", err)
	} else if taken {
		return SignIn{}, apperr.New(apperr.ErrAlreadyExists, "Username already exists")
	}
	if err := usernameRetired(ctx, s.q, r.Username); err != nil {
		return SignIn{}, err
	}
	if taken, err := s.q.EmailTaken(ctx, r.Email); err != nil {
		return SignIn{}, fmt.Errorf("check email: %w", err)
	} else if taken {
		return SignIn{}, apperr.New(apperr.ErrAlreadyExists, "Email already exists")
	}
	hash, err := HashSecret(r.Password)
	if err != nil {
		return SignIn{}, err
	}
	var out SignIn
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if len(limits) > 0 {
			if _, err := ratelimit.Reserve(ctx, q, limits...); err != nil {
				return err
			}
		}
		user, err := q.CreateUser(ctx, db.CreateUserParams{
			Username: r.Username, PasswordHash: hash, Email: r.Email,
			FirstName: r.FirstName, LastName: r.LastName, Role: r.Role,
		})
		if err != nil {
			return fmt.Errorf("create user: %w", err)
		}
		// The balance column starts at its default (the contract's opening_tokens); its opening row keeps it the sum of the ledger.
		if err := ledger.Open(ctx, q, user.ID); err != nil {
			return err
		}
		out.User = userOf(user)
		if err := queueVerificationAtSignUp(ctx, q, user); err != nil {
			return err
		}
		if out.Device, err = rememberDevice(ctx, q, user.ID); err != nil {
			return err
		}
		out.Session, err = startSession(ctx, q, user.ID)
		return err
	})
	if err != nil {
		// Two registrations racing for one name: the unique index decides.
		if err = store.Err(err); errors.Is(err, apperr.ErrAlreadyExists) {
			return SignIn{}, apperr.New(apperr.ErrAlreadyExists, "Username or email already exists")
		}
		return SignIn{}, err
	}
	return out, nil
}

// ErrBadCredentials is the one answer to a wrong identifier or password, so neither is revealed.
var ErrBadCredentials = apperr.Unauthenticated("Invalid username or password")

// Login checks a username-or-email and password and starts a new session, revoking the one
// the request came with (a sign-in always issues a fresh token).
func (s *Service) Login(ctx context.Context, identifier, password string) (SignIn, error) {
	identifier = strings.TrimSpace(identifier)
	var v apperr.Validator
	v.Check(!rules.LoginIdentifier.TooShort(identifier), "username",
		fmt.Sprintf("Username or email must be at least %d characters", rules.LoginIdentifier.MinChars))
	v.Check(!rules.LoginPassword.TooShort(password), "password", fmt.Sprintf("Password must be at least %d characters", rules.LoginPassword.MinChars))
	if err := v.Err(); err != nil {
		return SignIn{}, err
	}
	if rules.LoginIdentifier.TooLong(identifier) || rules.LoginPassword.TooLong(password) {
		return SignIn{}, ErrBadCredentials
	}

	user, err := s.q.GetUserByLogin(ctx, identifier)
	found := err == nil
	if err != nil && !errors.Is(store.Err(err), apperr.ErrNotFound) {
		return SignIn{}, fmt.Errorf("find account: %w", err)
	}
	known := false
	if found {
		if known, err = knownDevice(ctx, s.q, user.ID); err != nil {
			return SignIn{}, err
		}
	}
	// Counted by the identifier as typed, not by the account it names: a counter shared by an
	// account's username and email would fill for one and refuse the other, telling a guesser
	// which email belongs to which username. A guesser gets twice the tries; no more.
	try := newAttempt(ctx, "login", known, strings.ToLower(identifier))
	linked, err := s.signInLinkFor(ctx, found, user.ID)
	if err != nil {
		return SignIn{}, err
	}
	if linked {
		try = try.pastAccountWide() // an emailed sign-in link lifts the account-wide hold only
	} else {
		try.whenWide = accountHeld
	}
	reserved, err := s.reserve(ctx, try)
	if err != nil {
		return SignIn{}, err
	}
	hash := s.dummyHash
	if found {
		hash = user.PasswordHash
	}
	if !VerifySecret(hash, password) || !found {
		return SignIn{}, ErrBadCredentials // the reservation stays: it was a failure
	}
	if err := barred(user); err != nil {
		return SignIn{}, err // told only to whoever knows the password
	}

	if err := s.passwordSignInAllowed(ctx, user.ID); err != nil {
		return SignIn{}, err // the reservation stays: the password alone may not sign in
	}
	var out SignIn
	err = store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := succeeded(ctx, q, try, reserved); err != nil {
			return err
		}
		if linked {
			if err := spendSignInLink(ctx, q); err != nil {
				return err
			}
		}
		var err error
		out, err = beginSession(ctx, q, user, known, byPassword)
		return err
	})
	if err != nil {
		return SignIn{}, err
	}
	return out, nil
}

// Logout revokes the request's session, if it has one.
func (s *Service) Logout(ctx context.Context) error {
	sess, ok := identity.SessionFrom(ctx)
	if !ok {
		return nil
	}
	if err := s.q.RevokeSession(ctx, sess.ID); err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

func checkUsername(v *apperr.Validator, username string) {
	f := rules.Username
	v.Check(!f.TooShort(username), "username", fmt.Sprintf("Username must be at least %d characters", f.MinChars))
	v.Check(!f.TooLong(username), "username", fmt.Sprintf("Username must be at most %d characters", f.MaxChars))
	v.Check(username == "" || f.TooLong(username) || usernamePattern.MatchString(username), "username",
		"Username can only contain letters, numbers, dots, dashes and underscores")
}

func checkEmail(v *apperr.Validator, email string) {
	v.Check(validEmail(email), "email", "Please enter a valid email address")
}

func checkPassword(v *apperr.Validator, field, password string) {
	f := rules.Password
	v.Check(!f.TooShort(password), field, fmt.Sprintf("Password must be at least %d characters", f.MinChars))
	v.Check(!f.TooLong(password), field, fmt.Sprintf("Password must be at most %d characters", f.MaxChars))
}

// validEmail accepts a bare address (no display name) with a dotted domain.
func validEmail(email string) bool {
	if rules.Email.TooLong(email) {
		return false
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(email, '@')
	return at > 0 && strings.Contains(email[at+1:], ".")
}
