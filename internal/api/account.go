package api

import (
	"context"
	"net/http"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	accountv1 "github.com/rentproof/rentproof/gen/rentproof/account/v1"
	"github.com/rentproof/rentproof/gen/rentproof/account/v1/accountv1connect"
	"github.com/rentproof/rentproof/internal/account"
	"github.com/rentproof/rentproof/internal/identity"
	"github.com/rentproof/rentproof/internal/property"
)

// Account serves AccountService and AccountEmailService, and owns the cookies of a sign-in.
type Account struct {
	svc    *account.Service
	unread UnreadCounter // nil: GetCurrentUser answers no count
}

// UnreadCounter counts a member's unread notifications (notify.Inbox).
type UnreadCounter interface {
	UnreadOf(ctx context.Context, userID int32) (int32, error)
}

var (
	_ accountv1connect.AccountServiceHandler      = (*Account)(nil)
	_ accountv1connect.AccountEmailServiceHandler = (*Account)(nil)
)

// NewAccount returns the AccountService handler over svc.
func NewAccount(svc *account.Service) *Account { return &Account{svc: svc} }

// CountingUnread makes GetCurrentUser carry the member's unread notification count, so the
// header's bell costs a page load no request of its own.
func (h *Account) CountingUnread(c UnreadCounter) *Account {
	h.unread = c
	return h
}

// Register creates an account and signs it in.
func (h *Account) Register(ctx context.Context, req *connect.Request[accountv1.RegisterRequest]) (*connect.Response[accountv1.RegisterResponse], error) {
	m := req.Msg
	in, err := h.svc.Register(ctx, account.Registration{
		Username: m.GetUsername(), Email: m.GetEmail(), Password: m.GetPassword(),
		FirstName: m.GetFirstName(), LastName: m.GetLastName(), Role: m.GetRole(),
	})
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&accountv1.RegisterResponse{User: userToProto(in.User)})
	setSignInCookies(ctx, res.Header(), in)
	return res, nil
}

// Login signs in.
func (h *Account) Login(ctx context.Context, req *connect.Request[accountv1.LoginRequest]) (*connect.Response[accountv1.LoginResponse], error) {
	in, err := h.svc.Login(account.WithSignInLink(ctx, req.Msg.GetSignInLink()), req.Msg.GetUsername(), req.Msg.GetPassword())
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&accountv1.LoginResponse{User: userToProto(in.User)})
	setSignInCookies(ctx, res.Header(), in)
	return res, nil
}

// Logout signs out.
func (h *Account) Logout(ctx context.Context, _ *connect.Request[accountv1.LogoutRequest]) (*connect.Response[accountv1.LogoutResponse], error) {
	if err := h.svc.Logout(ctx); err != nil {
		return nil, err
	}
	res := connect.NewResponse(&accountv1.LogoutResponse{})
	setCookie(ctx, res.Header(), identity.SessionCookie, "", -1)
	return res, nil
}

// GetCurrentUser returns the signed-in user, or no user when signed out.
func (h *Account) GetCurrentUser(ctx context.Context, _ *connect.Request[accountv1.GetCurrentUserRequest]) (*connect.Response[accountv1.GetCurrentUserResponse], error) {
	u, ok, err := h.svc.Current(ctx)
	if err != nil {
		return nil, err
	}
	res := &accountv1.GetCurrentUserResponse{}
	if ok {
		res.User = userToProto(u)
		if h.unread != nil {
			if res.UnreadNotifications, err = h.unread.UnreadOf(ctx, u.ID); err != nil {
				return nil, err
			}
		}
	}
	return connect.NewResponse(res), nil
}

// GetUserName returns a user's public name.
func (h *Account) GetUserName(ctx context.Context, req *connect.Request[accountv1.GetUserNameRequest]) (*connect.Response[accountv1.GetUserNameResponse], error) {
	first, last, err := h.svc.UserName(ctx, req.Msg.GetUserId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.GetUserNameResponse{FirstName: first, LastName: last}), nil
}

// ListSecurityQuestions returns the fixed questions.
func (h *Account) ListSecurityQuestions(context.Context, *connect.Request[accountv1.ListSecurityQuestionsRequest]) (*connect.Response[accountv1.ListSecurityQuestionsResponse], error) {
	return connect.NewResponse(&accountv1.ListSecurityQuestionsResponse{Questions: account.SecurityQuestions}), nil
}

// GetSecurityQuestions returns the signed-in user's chosen questions, never the answers.
func (h *Account) GetSecurityQuestions(ctx context.Context, _ *connect.Request[accountv1.GetSecurityQuestionsRequest]) (*connect.Response[accountv1.GetSecurityQuestionsResponse], error) {
	q1, q2, err := h.svc.ChosenQuestions(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.GetSecurityQuestionsResponse{SecurityQuestion1: q1, SecurityQuestion2: q2}), nil
}

// SetSecurityQuestions sets the signed-in user's recovery questions, with their current password.
func (h *Account) SetSecurityQuestions(ctx context.Context, req *connect.Request[accountv1.SetSecurityQuestionsRequest]) (*connect.Response[accountv1.SetSecurityQuestionsResponse], error) {
	m := req.Msg
	if err := h.svc.SetSecurityQuestions(ctx, m.GetSecurityQuestion1(), m.GetSecurityAnswer1(), m.GetSecurityQuestion2(), m.GetSecurityAnswer2(), m.GetCurrentPassword()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.SetSecurityQuestionsResponse{}), nil
}

// FindAccount starts recovery.
func (h *Account) FindAccount(ctx context.Context, req *connect.Request[accountv1.FindAccountRequest]) (*connect.Response[accountv1.FindAccountResponse], error) {
	r, err := h.svc.FindAccount(ctx, req.Msg.GetEmail(), req.Msg.GetUsername())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.FindAccountResponse{
		UserId: r.UserID, SecurityQuestion1: r.Question1, SecurityQuestion2: r.Question2,
	}), nil
}

// ResetPassword completes recovery.
func (h *Account) ResetPassword(ctx context.Context, req *connect.Request[accountv1.ResetPasswordRequest]) (*connect.Response[accountv1.ResetPasswordResponse], error) {
	m := req.Msg
	if err := h.svc.ResetPassword(ctx, account.PasswordReset{
		UserID: m.GetUserId(), Answer1: m.GetSecurityAnswer1(), Answer2: m.GetSecurityAnswer2(),
		NewPassword: m.GetNewPassword(), ConfirmPassword: m.GetConfirmPassword(),
	}); err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.ResetPasswordResponse{}), nil
}

// SendPasswordResetLink emails a reset link, if the address has an account.
func (h *Account) SendPasswordResetLink(ctx context.Context, req *connect.Request[accountv1.SendPasswordResetLinkRequest]) (*connect.Response[accountv1.SendPasswordResetLinkResponse], error) {
	msg, err := h.svc.SendPasswordResetLink(ctx, req.Msg.GetEmail())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.SendPasswordResetLinkResponse{Message: msg}), nil
}

// ResetPasswordWithLink sets a new password with an emailed link.
func (h *Account) ResetPasswordWithLink(ctx context.Context, req *connect.Request[accountv1.ResetPasswordWithLinkRequest]) (*connect.Response[accountv1.ResetPasswordWithLinkResponse], error) {
	m := req.Msg
	if err := h.svc.ResetPasswordWithLink(ctx, m.GetToken(), m.GetNewPassword(), m.GetConfirmPassword()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.ResetPasswordWithLinkResponse{}), nil
}

// SendSignInLink emails a sign-in link, if the account exists.
func (h *Account) SendSignInLink(ctx context.Context, req *connect.Request[accountv1.SendSignInLinkRequest]) (*connect.Response[accountv1.SendSignInLinkResponse], error) {
	msg, err := h.svc.SendSignInLink(ctx, req.Msg.GetUsername())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.SendSignInLinkResponse{Message: msg}), nil
}

// setSignInCookies sets the session cookie and the device cookie of a sign-in.
func setSignInCookies(ctx context.Context, h http.Header, in account.SignIn) {
	setCookie(ctx, h, identity.SessionCookie, in.Session, account.SessionTTL)
	setCookie(ctx, h, identity.DeviceCookie, in.Device, account.DeviceTTL)
}

// setCookie sets (or, with maxAge < 0, clears) an HttpOnly cookie, Secure over TLS.
func setCookie(ctx context.Context, h http.Header, name, value string, maxAge time.Duration) {
	c := &http.Cookie{ //nolint:gosec // G124: Secure follows the request (TLS or a trusted proxy's https): browsers drop Secure cookies over plain HTTP on a laptop
		Name:     name,
		Value:    value,
		Path:     "/",
		HttpOnly: true,
		Secure:   identity.ClientFrom(ctx).Secure,
		SameSite: http.SameSiteLaxMode,
		MaxAge:   int(maxAge / time.Second),
	}
	if maxAge < 0 {
		c.MaxAge = -1
	}
	h.Add("Set-Cookie", c.String())
}

// UpdateProfile changes the signed-in user's name and profile.
func (h *Account) UpdateProfile(ctx context.Context, req *connect.Request[accountv1.UpdateProfileRequest]) (*connect.Response[accountv1.UpdateProfileResponse], error) {
	m := req.Msg
	u, err := h.svc.UpdateProfile(ctx, account.Profile{
		FirstName: m.GetFirstName(), LastName: m.GetLastName(), Bio: m.GetBio(),
		City: m.GetCity(), Country: m.GetCountry(), Language: m.GetLanguage(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.UpdateProfileResponse{User: userToProto(u)}), nil
}

// userToProto converts an account to the form its owner sees.
func userToProto(u account.User) *accountv1.User {
	return &accountv1.User{
		Id:                   u.ID,
		Username:             u.Username,
		Email:                u.Email,
		FirstName:            u.FirstName,
		LastName:             u.LastName,
		Role:                 u.Role,
		ProfileImage:         u.ProfileImage,
		Tokens:               u.Tokens,
		CreatedAt:            timestamppb.New(u.CreatedAt),
		HasSecurityQuestions: u.HasSecurityQuestions,
		Bio:                  u.Bio,
		City:                 u.City,
		Country:              u.Country,
		Language:             u.Language,
		CanListProperties:    property.CanList(u.Role),
		EmailVerified:        u.EmailVerified,
	}
}

// VerifyEmail verifies the address of a verification link, signed in or not.
func (h *Account) VerifyEmail(ctx context.Context, req *connect.Request[accountv1.VerifyEmailRequest]) (*connect.Response[accountv1.VerifyEmailResponse], error) {
	already, err := h.svc.VerifyEmail(ctx, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.VerifyEmailResponse{AlreadyVerified: already}), nil
}

// ResendVerificationEmail sends the signed-in user's verification email again.
func (h *Account) ResendVerificationEmail(ctx context.Context, _ *connect.Request[accountv1.ResendVerificationEmailRequest]) (*connect.Response[accountv1.ResendVerificationEmailResponse], error) {
	to, err := h.svc.ResendVerification(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.ResendVerificationEmailResponse{Email: to}), nil
}

// ChangeEmail changes the signed-in user's address.
func (h *Account) ChangeEmail(ctx context.Context, req *connect.Request[accountv1.ChangeEmailRequest]) (*connect.Response[accountv1.ChangeEmailResponse], error) {
	u, err := h.svc.ChangeEmail(ctx, req.Msg.GetEmail(), req.Msg.GetPassword())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&accountv1.ChangeEmailResponse{User: userToProto(u)}), nil
}
