package tenancy_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	adminv1 "github.com/rentproof/rentproof/gen/rentproof/admin/v1"
	"github.com/rentproof/rentproof/internal/document"
	"github.com/rentproof/rentproof/internal/tenancy"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// A tenant's documents: sent by the tenant only, while the claim is open, recognised by their
// content, with a kind; they send the claim to the administrators. Only the tenant and the
// administrators read them: the property's owner is refused.
func TestTenantsDocuments(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	owner := w.Established(t, "olga", "landlord")
	tina := w.Person(t, "tina", "tenant")
	stranger := w.Person(t, "stranger", "tenant")
	admin := w.Person(t, "ada", "admin")
	c := w.claim(t, tina, w.verified(t, "Olga's flat", "confirmed"))
	lease := map[string][]byte{"lease.pdf": pdf("lease of tina")}

	for _, x := range []struct {
		name, token, kind string
		files             map[string][]byte
		status            int
		want              string
	}{
		{"signed out", "", "lease", lease, http.StatusUnauthorized, "Please sign in to send documents for your claim."},
		{"the owner", owner, "lease", lease, http.StatusForbidden, "Only the member who made this claim can send documents for it."},
		{"no kind", tina, "", lease, http.StatusBadRequest,
			"Please say what each document is: lease, rent_receipt, deposit_certificate, utility_bill or council_tax_bill."},
		{"an unknown kind", tina, "passport", lease, http.StatusBadRequest,
			"Please say what each document is: lease, rent_receipt, deposit_certificate, utility_bill or council_tax_bill."},
		{"no files", tina, "lease", nil, http.StatusBadRequest,
			"Please upload a lease, a rent receipt, a deposit certificate or a utility or council-tax bill in your name at that address."},
		{"not a document", tina, "lease", map[string][]byte{"lease.exe": []byte("MZ\x90\x00 not a document")}, http.StatusBadRequest,
			"lease.exe is not a JPEG, PNG or WebP image or a PDF."},
		{"too large", tina, "lease", map[string][]byte{"big.pdf": append(pdf("big"), make([]byte, document.MaxBytes)...)}, http.StatusBadRequest,
			"big.pdf is larger than 10 MB."},
	} {
		t.Run(x.name, func(t *testing.T) {
			status, msg := w.upload(t, x.token, c.Id, x.kind, x.files)
			if status != x.status || msg != x.want {
				t.Errorf("%d %q, want %d %q", status, msg, x.status, x.want)
			}
		})
	}
	if n := w.ID(t, `SELECT count(*)::int FROM tenancy_documents`); n != 0 {
		t.Fatalf("%d documents kept from refused uploads", n)
	}

	status, stage := w.upload(t, tina, c.Id, "lease", lease)
	if status != http.StatusOK || stage != "administrator" {
		t.Fatalf("upload: %d %s", status, stage)
	}
	mine := w.get(t, tina, c.Id)
	if len(mine.Documents) != 1 || mine.Documents[0].Kind != "lease" || mine.Documents[0].FileName != "lease.pdf" || mine.Documents[0].ContentType != "application/pdf" {
		t.Fatalf("tina's documents: %+v", mine.Documents)
	}
	url := w.URL + mine.Documents[0].Url
	if got := w.get(t, owner, c.Id); len(got.Documents) != 0 {
		t.Errorf("the owner reads the documents' list: %+v", got.Documents)
	}
	for _, r := range []struct {
		name, token string
		status      int
	}{{"the tenant", tina, http.StatusOK}, {"an administrator", admin, http.StatusOK}, {"the owner", owner, http.StatusForbidden}, {"a stranger", stranger, http.StatusForbidden}, {"the signed-out", "", http.StatusUnauthorized}} {
		t.Run(r.name+" opens it", func(t *testing.T) {
			status, _, body := testworld.Send(t, http.MethodGet, url, r.token, "", nil)
			if status != r.status || (status == http.StatusOK) != (body == string(pdf("lease of tina"))) {
				t.Errorf("%d %q, want %d", status, body, r.status)
			}
			if status == http.StatusForbidden && !strings.Contains(body, "Only the tenant who sent this document and the administrators can open it.") {
				t.Errorf("refusal: %s", body)
			}
		})
	}
	// The file is stored as documents/<token>.pdf, beside the public uploads: it is never served
	// there, to anyone.
	token := strings.TrimPrefix(mine.Documents[0].Url, "/api/documents/")
	for _, who := range []string{"", tina, admin} {
		if status, _, _ := testworld.Send(t, http.MethodGet, w.URL+"/uploads/documents/"+token+".pdf", who, "", nil); status != http.StatusNotFound {
			t.Errorf("/uploads/ serves a tenant's document: %d", status)
		}
	}
	if got := w.events(t, c.Id); len(got) != 2 || got[1] != "pending/administrator/ by tina: Documents sent" {
		t.Errorf("events: %v", got)
	}

	t.Run("at most ten a claim", func(t *testing.T) {
		files := map[string][]byte{}
		for i := range tenancy.MaxDocumentsPerClaim {
			files[fmt.Sprintf("receipt%d.pdf", i)] = pdf(fmt.Sprintf("receipt %d", i))
		}
		status, msg := w.upload(t, tina, c.Id, "rent_receipt", files)
		if status != http.StatusBadRequest || msg != fmt.Sprintf("A claim holds at most %d documents.", tenancy.MaxDocumentsPerClaim) {
			t.Errorf("%d %q", status, msg)
		}
	})

	t.Run("at most ten a claim, even sent at once", func(t *testing.T) {
		other := w.claim(t, tina, w.verified(t, "Olga's other flat", "confirmed"))
		var wg sync.WaitGroup
		var mu sync.Mutex
		outcomes := map[int]int{}
		for u := range 4 {
			wg.Go(func() {
				files := map[string][]byte{}
				for i := range 4 {
					files[fmt.Sprintf("bill%d.pdf", i)] = pdf(fmt.Sprintf("bill %d of upload %d", i, u))
				}
				status, _ := w.upload(t, tina, other.Id, "utility_bill", files)
				mu.Lock()
				outcomes[status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if outcomes[http.StatusOK] != 2 || outcomes[http.StatusBadRequest] != 2 {
			t.Errorf("four uploads of four at once: %v", outcomes)
		}
		if n := w.ID(t, `SELECT count(*)::int FROM tenancy_documents WHERE tenancy_id = $1`, other.Id); n != 8 {
			t.Errorf("%d documents kept", n)
		}
	})

	t.Run("deleted 30 days after the decision", func(t *testing.T) {
		if _, err := w.decide(admin, c.Id, false, "The lease names someone else."); err != nil {
			t.Fatal(err)
		}
		status, msg := w.upload(t, tina, c.Id, "lease", lease)
		if status != http.StatusConflict || msg != "Documents can be sent only while the claim is open." {
			t.Errorf("upload to a decided claim: %d %q", status, msg)
		}
		if n, err := w.Tenancies.RemoveExpired(context.Background()); err != nil || n != 0 {
			t.Errorf("removed %d before their time: %v", n, err)
		}
		w.Exec(t, fmt.Sprintf(`UPDATE tenant_verifications SET decided_at = now() - interval '%d days' WHERE id = $1`, tenancy.DocumentRetentionDays+1), c.Id)
		if n, err := w.Tenancies.RemoveExpired(context.Background()); err != nil || n != 1 {
			t.Errorf("removed %d: %v", n, err)
		}
		status, _, body := testworld.Send(t, http.MethodGet, url, tina, "", nil)
		if status != http.StatusNotFound || !strings.Contains(body, fmt.Sprintf("This document was deleted %d days after its claim was decided.", tenancy.DocumentRetentionDays)) {
			t.Errorf("a deleted document: %d %s", status, body)
		}
		if got := w.get(t, tina, c.Id); len(got.Documents) != 1 || !got.Documents[0].Deleted {
			t.Errorf("after deletion: %+v", got.Documents)
		}
	})
}

// One document (the same content, whatever its name) sent with two claims is shown to the
// administrators on both.
func TestSameDocumentWithTwoClaimsIsFlagged(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	w.Member(t, "olga", "landlord")
	admin := w.Person(t, "ada", "admin")
	first := w.claim(t, w.Person(t, "tina", "tenant"), w.verified(t, "First flat", ""))
	second := w.claim(t, w.Person(t, "tom", "tenant"), w.verified(t, "Second flat", ""))
	third := w.claim(t, w.Person(t, "ted", "tenant"), w.verified(t, "Third flat", ""))
	shared := pdf("one lease for everyone")
	for _, x := range []struct {
		token string
		id    int32
		files map[string][]byte
	}{
		{"token-tina", first.Id, map[string][]byte{"lease.pdf": shared}},
		{"token-tom", second.Id, map[string][]byte{"my-lease.pdf": shared, "bill.pdf": pdf("tom's bill")}},
		{"token-ted", third.Id, map[string][]byte{"lease.pdf": pdf("ted's own lease")}},
	} {
		if status, msg := w.upload(t, x.token, x.id, "lease", x.files); status != http.StatusOK {
			t.Fatalf("upload for %d: %d %s", x.id, status, msg)
		}
	}
	queue, err := w.admin.ListTenancyQueue(context.Background(), testworld.As(admin, &adminv1.ListTenancyQueueRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int32][]int32{}
	for _, q := range queue.Msg.Tenancies {
		got[q.Id] = q.DuplicateClaimIds
	}
	want := map[int32][]int32{first.Id: {second.Id}, second.Id: {first.Id}, third.Id: nil}
	if len(got) != 3 || !slices.Equal(got[first.Id], want[first.Id]) || !slices.Equal(got[second.Id], want[second.Id]) || len(got[third.Id]) != 0 {
		t.Errorf("duplicates: %v, want %v", got, want)
	}
	if ids := []int32{queue.Msg.Tenancies[0].Id, queue.Msg.Tenancies[1].Id, queue.Msg.Tenancies[2].Id}; !slices.Equal(ids, []int32{first.Id, second.Id, third.Id}) {
		t.Errorf("queue order %v, want oldest first", ids)
	}
	_, err = w.admin.ListTenancyQueue(context.Background(), testworld.As("token-tina", &adminv1.ListTenancyQueueRequest{}))
	if got := testworld.Failure(err); got != "permission_denied: Only administrators can decide tenancy claims." {
		t.Errorf("a tenant reads the queue: %s", got)
	}
}

// One daily cap for an account's documents, sent as an owner or as a tenant: a landlord who used
// the day's room on ownership documents cannot send a tenant's document, and the answer says when
// to try again.
func TestDocumentCapIsSharedWithOwners(t *testing.T) {
	t.Parallel()
	w := newWorld(t, testserver.Options{})
	w.Member(t, "olga", "landlord")
	lena := w.Person(t, "lena", "landlord")
	own := w.Property(t, "lena", "Lena's own flat")
	w.Exec(t, `INSERT INTO ownership_documents (token, key, owner_id, property_id, file_name, content_type, bytes)
		SELECT md5(i::text), 'documents/' || md5(i::text) || '.pdf', $1, $2, 'deed.pdf', 'application/pdf', 10
		FROM generate_series(1, $3::int) i`, w.UserID(t, "lena"), own, document.MaxPerDay)
	c := w.claim(t, lena, w.verified(t, "Olga's flat", ""))
	status, _, body := testworld.Send(t, http.MethodPost, w.URL+"/api/tenancies/"+fmt.Sprint(c.Id)+"/documents", lena,
		"multipart/form-data; boundary=x", strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nlease\r\n"+
			"--x\r\nContent-Disposition: form-data; name=\"documents\"; filename=\"lease.pdf\"\r\n\r\n%PDF-1.4\r\n--x--\r\n"))
	if status != http.StatusTooManyRequests || !strings.Contains(body, fmt.Sprintf("You have uploaded %d documents in the last 24 hours", document.MaxPerDay)) {
		t.Errorf("past the shared cap: %d %s", status, body)
	}
}
