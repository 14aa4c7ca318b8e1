package twoservers_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	reviewv1 "github.com/rentproof/rentproof/gen/rentproof/review/v1"
	"github.com/rentproof/rentproof/gen/rentproof/review/v1/reviewv1connect"
	"github.com/rentproof/rentproof/internal/dbtest"
	"github.com/rentproof/rentproof/internal/soak"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
)

// soakDuration is how long the two-server load runs.
const soakDuration = 60 * time.Second

// TestSoakTwoServers is the long form: four clients drive a mixed read and write load through
// the front for a minute (searches, property pages, statistics, sign-ups, review posts), and
// between them check that the two servers agree: a session made through the front is known on
// both, an upload through one is served by the other, both answer the same statistics and
// leaderboard after their stored copies go stale.
func TestSoakTwoServers(t *testing.T) { //nolint:paralleltest // s3test sets the AWS credentials in the environment
	soak.Only(t)
	p := startPair(t, dbtest.NewEmpty(t), func(u string) string { return u })
	p.a.Person(t, "owner", "landlord")
	properties := make([]int32, 20)
	for i := range properties {
		properties[i] = p.a.Property(t, "owner", fmt.Sprintf("Soak flat %d", i))
	}
	reviews := reviewv1connect.NewReviewServiceClient(http.DefaultClient, p.front)
	var checks, disagreements, posted atomic.Int64
	agree := func(ok bool) {
		checks.Add(1)
		if !ok {
			disagreements.Add(1)
		}
	}
	// The cache checks run alone: the statistics and the top are exact once recomputed, so a write
	// landing between two answers would change them whichever server answered.
	var quiet sync.RWMutex
	deadline := time.Now().Add(soakDuration)
	var wg sync.WaitGroup
	for worker := range 4 {
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline) && !t.Failed(); i++ {
				if i%10 == 7 { // the stored figures and top agree once stale
					func() {
						quiet.Lock()
						defer quiet.Unlock()
						agree(p.agreeOnStatistics(t))
						agree(p.agreeOnLeaderboard(t, p.a.Person(t, fmt.Sprintf("watcher%d", worker), "tenant")))
					}()
					continue
				}
				func() {
					quiet.RLock()
					defer quiet.RUnlock() // also when a helper ends this goroutine with Fatal
					get(t, http.DefaultClient, p.front+"/api/properties?city=Leeds")
					get(t, http.DefaultClient, fmt.Sprintf("%s/api/properties/%d", p.front, properties[i%len(properties)]))
					get(t, http.DefaultClient, p.front+"/api/statistics")
					switch i % 10 {
					case 0: // a sign-up through the front is known on both servers
						browser := testserver.Browser()
						name := fmt.Sprintf("soak%d_%d", worker, i)
						status, _ := send(t, browser, http.MethodPost, p.front+"/api/register", "application/json", strings.NewReader(
							`{"username":"`+name+`","email":"`+name+`@example.com","password":"s3cret-pass","firstName":"Soak","lastName":"Member","role":"tenant"}`))
						_, onA := get(t, browser, p.a.URL+"/api/user")
						_, onB := get(t, browser, p.b.URL+"/api/user")
						agree(status == http.StatusOK && strings.Contains(onA, name) && onA == onB)
					case 3: // a review post by a new member through the front
						token := p.a.Person(t, fmt.Sprintf("author%d_%d", worker, i), "tenant")
						_, err := reviews.CreateReview(context.Background(), testworld.As(token, &reviewv1.CreateReviewRequest{
							PropertyId: properties[(i+worker)%len(properties)], Rating: 4, Title: "Quiet and bright",
							Content: "Two years here, the heating always worked.", ReviewType: "general", Language: "en",
						}))
						if err != nil {
							t.Errorf("review post: %v", err)
						} else {
							posted.Add(1)
						}
					case 5: // an upload through one is served by the other
						agree(p.checkUpload(t, p.a.Person(t, fmt.Sprintf("uploader%d_%d", worker, i), "tenant")))
					}
				}()
			}
		})
	}
	wg.Wait()
	front := p.served[0].Load() + p.served[1].Load()
	soak.Figure("two servers: requests through the front", "%d (%d on a, %d on b) in %s", front, p.served[0].Load(), p.served[1].Load(), soakDuration)
	soak.Figure("two servers: answers ≥ 500 through the front", "%d", p.failed.Load())
	soak.Figure("two servers: reviews posted", "%d", posted.Load())
	soak.Figure("two servers: agreement checks", "%d, %d disagreements", checks.Load(), disagreements.Load())
	if p.failed.Load() != 0 || disagreements.Load() != 0 {
		t.Errorf("%d answers ≥ 500, %d disagreements", p.failed.Load(), disagreements.Load())
	}
}
