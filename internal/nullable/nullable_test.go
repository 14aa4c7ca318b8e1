package nullable

import "testing"

func TestValueAndPtrRoundTrip(t *testing.T) {
	t.Parallel()
	t.Run("zero is NULL", func(t *testing.T) {
		t.Parallel()
		if Ptr("") != nil || Ptr(int32(0)) != nil {
			t.Error("a zero value must be stored as NULL")
		}
		if Value[string](nil) != "" || Value[int32](nil) != 0 {
			t.Error("NULL must read as the zero value")
		}
	})
	t.Run("a value survives", func(t *testing.T) {
		t.Parallel()
		if Value(Ptr("Leeds")) != "Leeds" || Value(Ptr(int32(7))) != 7 {
			t.Error("a value must survive the round trip")
		}
	})
}
