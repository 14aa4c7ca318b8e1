package store

import (
	"strconv"
	"testing"
)

// TestDecodedMemoryIsBounded: however many rows go through it, the memory keeps two generations
// at most, and the newest rows are among them.
func TestDecodedMemoryIsBounded(t *testing.T) {
	t.Parallel()
	d := NewDecoded(nil)
	for i := range 3*generationRows + 5 {
		d.remember(uint64(i), &decodedRow{key: strconv.Itoa(i)})
	}
	if n := len(d.cur) + len(d.prev); n > 2*generationRows {
		t.Errorf("the memory holds %d rows, more than two generations of %d", n, generationRows)
	}
	if _, ok := d.cur[3*generationRows+4]; !ok {
		t.Error("the newest row is not remembered")
	}
	if _, ok := d.prev[0]; ok {
		t.Error("the first row is still remembered after three generations")
	}
}
