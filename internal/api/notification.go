package api

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	notificationv1 "github.com/rentproof/rentproof/gen/rentproof/notification/v1"
	"github.com/rentproof/rentproof/gen/rentproof/notification/v1/notificationv1connect"
	"github.com/rentproof/rentproof/internal/notify"
)

// Notification serves NotificationService.
type Notification struct{ inbox *notify.Inbox }

var _ notificationv1connect.NotificationServiceHandler = (*Notification)(nil)

// NewNotification returns the NotificationService handler over inbox.
func NewNotification(inbox *notify.Inbox) *Notification { return &Notification{inbox: inbox} }

// ListNotifications lists the caller's notifications, newest first.
func (h *Notification) ListNotifications(ctx context.Context, req *connect.Request[notificationv1.ListNotificationsRequest]) (*connect.Response[notificationv1.ListNotificationsResponse], error) {
	page, err := h.inbox.List(ctx, req.Msg.GetBefore(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := make([]*notificationv1.Notification, len(page.Notifications))
	for i, n := range page.Notifications {
		out[i] = &notificationv1.Notification{
			Id: n.ID, Category: n.Category, Kind: n.Kind, Title: n.Title, Body: n.Body, Link: n.Link,
			CreatedAt: timestamppb.New(n.CreatedAt), Read: n.ReadAt != nil,
		}
	}
	return connect.NewResponse(&notificationv1.ListNotificationsResponse{Notifications: out, NextBefore: page.NextBefore}), nil
}

// CountUnread counts the caller's unread notifications.
func (h *Notification) CountUnread(ctx context.Context, _ *connect.Request[notificationv1.CountUnreadRequest]) (*connect.Response[notificationv1.CountUnreadResponse], error) {
	n, err := h.inbox.CountUnread(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&notificationv1.CountUnreadResponse{Unread: n}), nil
}

// MarkNotificationRead marks one of the caller's notifications read.
func (h *Notification) MarkNotificationRead(ctx context.Context, req *connect.Request[notificationv1.MarkNotificationReadRequest]) (*connect.Response[notificationv1.MarkNotificationReadResponse], error) {
	n, err := h.inbox.MarkRead(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&notificationv1.MarkNotificationReadResponse{Unread: n}), nil
}

// MarkAllNotificationsRead marks every one of the caller's notifications read.
func (h *Notification) MarkAllNotificationsRead(ctx context.Context, _ *connect.Request[notificationv1.MarkAllNotificationsReadRequest]) (*connect.Response[notificationv1.MarkAllNotificationsReadResponse], error) {
	n, err := h.inbox.MarkAllRead(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&notificationv1.MarkAllNotificationsReadResponse{Marked: n}), nil
}

// GetNotificationPreferences lists every email category with the caller's choice.
func (h *Notification) GetNotificationPreferences(ctx context.Context, _ *connect.Request[notificationv1.GetNotificationPreferencesRequest]) (*connect.Response[notificationv1.GetNotificationPreferencesResponse], error) {
	choices, err := h.inbox.Preferences(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&notificationv1.GetNotificationPreferencesResponse{Categories: choicesToProto(choices)}), nil
}

// UpdateNotificationPreferences changes the caller's email choices.
func (h *Notification) UpdateNotificationPreferences(ctx context.Context, req *connect.Request[notificationv1.UpdateNotificationPreferencesRequest]) (*connect.Response[notificationv1.UpdateNotificationPreferencesResponse], error) {
	changes := make([]notify.Change, len(req.Msg.GetChanges()))
	for i, c := range req.Msg.GetChanges() {
		changes[i] = notify.Change{Category: notify.Category(c.GetCategory()), Email: c.GetEmail()}
	}
	choices, err := h.inbox.UpdatePreferences(ctx, changes)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&notificationv1.UpdateNotificationPreferencesResponse{Categories: choicesToProto(choices)}), nil
}

func choicesToProto(choices []notify.Choice) []*notificationv1.CategoryPreference {
	out := make([]*notificationv1.CategoryPreference, len(choices))
	for i, c := range choices {
		out[i] = &notificationv1.CategoryPreference{
			Category: string(c.Category), Label: c.Label, Description: c.Description, Email: c.Email, Locked: c.Locked,
		}
	}
	return out
}
