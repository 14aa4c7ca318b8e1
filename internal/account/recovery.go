package account

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/ratelimit"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// SecurityQuestions is the fixed list of SPEC §2 "Security questions", in display order, as the
// contract declares it.
var SecurityQuestions = vocab.SecurityQuestions.Values()

// ErrAccountNotFound is the one answer when email, username or both are wrong.
var ErrAccountNotFound = apperr.NotFound("Please check your email and username")

// ErrWrongAnswers is the one answer to wrong security answers or an unknown account.
var ErrWrongAnswers = apperr.PermissionDenied("Please check your security answers")

// ChosenQuestions returns the signed-in user's two security questions, empty when none are set.
// The answers stay on the server: they are stored only as hashes and never returned.
func (s *Service) ChosenQuestions(ctx context.Context) (q1, q2 string, err error) {
	me, err := identity.RequireUser(ctx, ErrNotSignedIn)
	if err != nil {
		return "", "", err
	}
	u, err := s.q.GetUser(ctx, me.ID)
	if err != nil {
		return "", "", fmt.Errorf("get user %d: %w", me.ID, err)
	}
	return nullable.Value(u.SecurityQuestion1), nullable.Value(u.SecurityQuestion2), nil
}

// SetSecurityQuestions stores the signed-in user's two questions with their answers hashed.
// Answers are compared exactly (case-sensitive); only surrounding spaces are ignored.
func (s *Service) SetSecurityQuestions(ctx context.Context, q1, a1, q2, a2 string) error {
	user, err := identity.RequireUser(ctx, ErrNotSignedIn)
	if err != nil {
		return err
	}
	a1, a2 = strings.TrimSpace(a1), strings.TrimSpace(a2)
	answer := rules.SecurityAnswer
	var v apperr.Validator
	v.Check(q1 != "", "securityQuestion1", "Security question is required")
	v.Check(q1 == "" || vocab.SecurityQuestions.Contains(q1), "securityQuestion1", "Please choose a question from the list")
	v.Check(a1 != "", "securityAnswer1", "Security answer is required")
	v.Check(!answer.TooLong(a1), "securityAnswer1", fmt.Sprintf("Security answer must be at most %d characters", answer.MaxChars))
	v.Check(q2 != "", "securityQuestion2", "Security question is required")
	v.Check(q2 == "" || vocab.SecurityQuestions.Contains(q2), "securityQuestion2", "Please choose a question from the list")
	v.Check(q2 == "" || q1 != q2, "securityQuestion2", "Please choose two different questions")
	v.Check(a2 != "", "securityAnswer2", "Security answer is required")
	v.Check(!answer.TooLong(a2), "securityAnswer2", fmt.Sprintf("Security answer must be at most %d characters", answer.MaxChars))
	if err := v.Err(); err != nil {
		return err
	}
	h1, err := HashSecret(a1)
	if err != nil {
		return err
	}
	h2, err := HashSecret(a2)
	if err != nil {
		return err
	}
	if err := s.q.SetSecurityQuestions(ctx, db.SetSecurityQuestionsParams{
		ID: user.ID, SecurityQuestion1: &q1, SecurityAnswer1Hash: &h1, SecurityQuestion2: &q2, SecurityAnswer2Hash: &h2,
	}); err != nil {
		return fmt.Errorf("set security questions: %w", err)
	}
	return nil
}

// Recovery is the account found by FindAccount, with the questions to answer.
type Recovery struct {
	UserID               int32
	Question1, Question2 string
}

// FindAccount finds the account that both email and username name. Misses count like failed
// sign-ins (per email and network, per email, per network), so the form cannot be used to probe
// for accounts at speed.
func (s *Service) FindAccount(ctx context.Context, email, username string) (Recovery, error) {
	email, username = strings.TrimSpace(email), strings.TrimSpace(username)
	var v apperr.Validator
	checkEmail(&v, email)
	v.Check(!rules.RecoveryUsername.TooShort(username), "username",
		fmt.Sprintf("Username must be at least %d characters", rules.RecoveryUsername.MinChars))
	if err := v.Err(); err != nil {
		return Recovery{}, err
	}
	try := newAttempt(ctx, "find", strings.ToLower(email), false)
	reserved, err := s.reserve(ctx, try)
	if err != nil {
		return Recovery{}, err
	}
	user, err := s.q.GetUserByEmailAndUsername(ctx, db.GetUserByEmailAndUsernameParams{Email: email, Username: username})
	if err != nil {
		if errors.Is(store.Err(err), apperr.ErrNotFound) {
			return Recovery{}, ErrAccountNotFound // the reservation stays: a miss counts
		}
		return Recovery{}, fmt.Errorf("find account: %w", err)
	}
	if err := ratelimit.Release(ctx, s.q, reserved); err != nil {
		return Recovery{}, err
	}
	if user.SecurityQuestion1 == nil || user.SecurityQuestion2 == nil {
		return Recovery{}, apperr.New(apperr.ErrNotFound,
			"This account has no security questions set, so it cannot be recovered this way. Please contact support.")
	}
	return Recovery{UserID: user.ID, Question1: *user.SecurityQuestion1, Question2: *user.SecurityQuestion2}, nil
}

// PasswordReset answers the security questions and chooses a new password.
type PasswordReset struct {
	UserID                       int32
	Answer1, Answer2             string
	NewPassword, ConfirmPassword string
}

// ResetPassword sets a new password when both answers are right, and signs the account out
// everywhere. Wrong answers count against the account and the client address.
func (s *Service) ResetPassword(ctx context.Context, r PasswordReset) error {
	a1, a2 := strings.TrimSpace(r.Answer1), strings.TrimSpace(r.Answer2)
	var v apperr.Validator
	v.Check(r.UserID > 0, "userId", "Invalid input")
	v.Check(a1 != "", "securityAnswer1", "Security answer is required")
	v.Check(a2 != "", "securityAnswer2", "Security answer is required")
	checkPassword(&v, "newPassword", r.NewPassword)
	v.Check(!rules.NewPassword.TooShort(r.ConfirmPassword), "confirmPassword",
		fmt.Sprintf("Password must be at least %d characters", rules.NewPassword.MinChars))
	v.Check(r.NewPassword == r.ConfirmPassword, "confirmPassword", "Passwords don't match")
	if err := v.Err(); err != nil {
		return err
	}
	try := newAttempt(ctx, "recover", fmt.Sprint(r.UserID), false)
	reserved, err := s.reserve(ctx, try)
	if err != nil {
		return err
	}
	user, err := s.q.GetUser(ctx, r.UserID)
	if err != nil && !errors.Is(store.Err(err), apperr.ErrNotFound) {
		return fmt.Errorf("get user: %w", err)
	}
	// Both answers are always checked, so timing says nothing about which one was wrong.
	h1, h2 := s.dummyHash, s.dummyHash
	if err == nil && user.SecurityAnswer1Hash != nil && user.SecurityAnswer2Hash != nil {
		h1, h2 = *user.SecurityAnswer1Hash, *user.SecurityAnswer2Hash
	}
	ok1, ok2 := VerifySecret(h1, a1), VerifySecret(h2, a2)
	if err != nil || h1 == s.dummyHash || !ok1 || !ok2 {
		return ErrWrongAnswers // the reservation stays: it was a failure
	}
	hash, err := HashSecret(r.NewPassword)
	if err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.SetPassword(ctx, db.SetPasswordParams{ID: user.ID, PasswordHash: hash}); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := q.RevokeUserSessions(ctx, user.ID); err != nil {
			return fmt.Errorf("revoke sessions: %w", err)
		}
		return succeeded(ctx, q, try, reserved)
	})
}
