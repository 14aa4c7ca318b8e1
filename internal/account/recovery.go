package account

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rentproof/rentproof/gen/db"
	"github.com/rentproof/rentproof/internal/apperr"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/mail"
	"github.com/rentproof/rentproof/internal/nullable"
	"github.com/rentproof/rentproof/internal/signing"
	"github.com/rentproof/rentproof/internal/store"
	"github.com/rentproof/rentproof/internal/vocab"
)

// SecurityQuestions is the fixed list of SPEC §2 "Security questions", in display order, as the
// contract declares it.
var SecurityQuestions = vocab.SecurityQuestions.Values()

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

// SetSecurityQuestions stores the signed-in user's two questions with their answers hashed,
// once confirmIdentity has their current password (or a recent passkey): answers can reset the
// password, so a session alone must not set them, and a security email tells the address. Answers
// are hashed normalised (normaliseAnswer): case and spacing do not matter.
func (s *Service) SetSecurityQuestions(ctx context.Context, q1, a1, q2, a2, currentPassword string) error {
	sess, err := signedInSession(ctx)
	if err != nil {
		return err
	}
	user := sess.User
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
	u, err := s.q.GetUser(ctx, user.ID)
	if err != nil {
		return fmt.Errorf("get user %d: %w", user.ID, err)
	}
	confirmed, err := s.confirmCurrent(ctx, u, currentPassword)
	if err != nil {
		return err
	}
	h1, err := hashAnswer(a1)
	if err != nil {
		return err
	}
	h2, err := hashAnswer(a2)
	if err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := lockLiveSession(ctx, q, sess); err != nil { // as ChangeEmail
			return err
		}
		if err := confirmed(ctx, q); err != nil {
			return err
		}
		if err := q.SetSecurityQuestions(ctx, db.SetSecurityQuestionsParams{
			ID: user.ID, SecurityQuestion1: &q1, SecurityAnswer1Hash: &h1, SecurityQuestion2: &q2, SecurityAnswer2Hash: &h2,
		}); err != nil {
			return fmt.Errorf("set security questions: %w", err)
		}
		_, err := mail.Enqueue(ctx, q, questionsChangedNotice(ctx, u))
		return err
	})
}

// Recovery is the account found by FindAccount, with the questions to answer.
type Recovery struct {
	UserID               int32
	Question1, Question2 string
}

// FindAccount starts recovery by answering the two questions to ask for an email and username.
// It never says whether they name an account (which email belongs to which username is nobody
// else's business): a pair that names no account, or one without questions, gets two decoy
// questions (decoyQuestions), whose answers then fail as wrong answers do. Every lookup counts
// like a failed sign-in (per email and network, per email, per network), hit or miss, so the
// limits tell nothing either.
func (s *Service) FindAccount(ctx context.Context, email, username string) (Recovery, error) {
	email, username = strings.TrimSpace(email), strings.TrimSpace(username)
	var v apperr.Validator
	checkEmail(&v, email)
	v.Check(!rules.RecoveryUsername.TooShort(username), "username",
		fmt.Sprintf("Username must be at least %d characters", rules.RecoveryUsername.MinChars))
	if err := v.Err(); err != nil {
		return Recovery{}, err
	}
	if _, err := s.reserve(ctx, newAttempt(ctx, "find", false, strings.ToLower(email))); err != nil {
		return Recovery{}, err
	}
	key, err := signing.Open(ctx, s.q, decoyPurpose)
	if err != nil {
		return Recovery{}, err
	}
	q1, q2, id := decoyQuestions(key, email, username)
	row, err := s.q.FindRecoveryAccount(ctx, db.FindRecoveryAccountParams{Email: email, Username: username})
	if err != nil && !errors.Is(store.Err(err), apperr.ErrNotFound) {
		return Recovery{}, fmt.Errorf("find account: %w", err)
	}
	if err == nil {
		// The username's own id either way: usernames are public, and a decoy id for a taken
		// name would tell the email was wrong. Answers for it are checked against its own.
		id = row.ID
		if row.EmailMatches && row.SecurityQuestion1 != nil && row.SecurityQuestion2 != nil {
			q1, q2 = *row.SecurityQuestion1, *row.SecurityQuestion2
		}
	}
	return Recovery{UserID: id, Question1: q1, Question2: q2}, nil
}

// PasswordReset answers the security questions and chooses a new password.
type PasswordReset struct {
	UserID                       int32
	Answer1, Answer2             string
	NewPassword, ConfirmPassword string
}

// ResetPassword sets a new password when both answers are right, signs the account out
// everywhere and tells its address by a security email. Wrong answers count against the account
// and the client address.
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
	try := newAttempt(ctx, "recover", false, fmt.Sprint(r.UserID))
	reserved, err := s.reserve(ctx, try)
	if err != nil {
		return err
	}
	user, err := s.q.GetUser(ctx, r.UserID)
	if err != nil && !errors.Is(store.Err(err), apperr.ErrNotFound) {
		return fmt.Errorf("get user: %w", err)
	}
	// Both answers are always checked, against a dummy hash when the account has none (or the
	// id is a decoy's), so the work says nothing about which one was wrong or why.
	h1, h2, version := s.dummyHash, s.dummyHash, int16(answersNormalised)
	if err == nil && user.SecurityAnswer1Hash != nil && user.SecurityAnswer2Hash != nil {
		h1, h2, version = *user.SecurityAnswer1Hash, *user.SecurityAnswer2Hash, user.SecurityAnswersVersion
	}
	ok1, ok2 := verifyAnswer(h1, a1, version), verifyAnswer(h2, a2, version)
	if err != nil || h1 == s.dummyHash || !ok1 || !ok2 {
		return ErrWrongAnswers // the reservation stays: it was a failure
	}
	hash, err := HashSecret(r.NewPassword)
	if err != nil {
		return err
	}
	rehash, err := s.rehashLegacyAnswers(user, version, a1, a2)
	if err != nil {
		return err
	}
	return store.WithTx(ctx, s.pool, func(q *db.Queries) error {
		if err := q.SetPassword(ctx, db.SetPasswordParams{ID: user.ID, PasswordHash: hash}); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if rehash != nil {
			if err := q.RehashSecurityAnswers(ctx, *rehash); err != nil {
				return fmt.Errorf("rehash security answers: %w", err)
			}
		}
		if err := q.SpendPasswordResetTokens(ctx, user.ID); err != nil {
			return fmt.Errorf("spend reset links: %w", err)
		}
		if err := q.RevokeUserSessions(ctx, user.ID); err != nil {
			return fmt.Errorf("revoke sessions: %w", err)
		}
		if err := forgetOtherDevices(ctx, q, user.ID); err != nil {
			return err
		}
		if _, err := mail.Enqueue(ctx, q, passwordResetNotice(ctx, user, "your security questions")); err != nil {
			return err
		}
		return succeeded(ctx, q, try, reserved)
	})
}

// rehashLegacyAnswers is the update that stores right answers of the legacy version normalised
// (nil when they are current already).
func (s *Service) rehashLegacyAnswers(user db.User, version int16, a1, a2 string) (*db.RehashSecurityAnswersParams, error) {
	if version != answersAsTyped {
		return nil, nil
	}
	h1, err := hashAnswer(a1)
	if err != nil {
		return nil, err
	}
	h2, err := hashAnswer(a2)
	if err != nil {
		return nil, err
	}
	return &db.RehashSecurityAnswersParams{ID: user.ID, Answer1Hash: &h1, Answer2Hash: &h2, OldAnswer1Hash: user.SecurityAnswer1Hash}, nil
}
