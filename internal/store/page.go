package store

import (
	"fmt"

	"github.com/rentproof/rentproof/internal/apperr"
)

// Page is one page of a list: 1-based, Size rows from Offset.
type Page struct {
	Number, Size, Offset int32
}

// maxPage bounds how deep a paged list goes (its offset stays far from overflowing).
const maxPage = 10_000

// Paging checks a requested page (0 means 1) and page size (0 means defaultSize, at most
// maxSize) into v, and returns the page they name.
func Paging(v *apperr.Validator, number, size, defaultSize, maxSize int32) Page {
	if number == 0 {
		number = 1
	}
	if size == 0 {
		size = defaultSize
	}
	v.Check(number >= 1 && number <= maxPage, "page", fmt.Sprintf("Page must be between 1 and %d", maxPage))
	v.Check(size >= 1 && size <= maxSize, "pageSize", fmt.Sprintf("Page size must be between 1 and %d", maxSize))
	return Page{Number: number, Size: size, Offset: (number - 1) * size}
}
