package property_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	propertyv1 "github.com/rentproof/rentproof/gen/rentproof/property/v1"
	"github.com/rentproof/rentproof/gen/rentproof/property/v1/propertyv1connect"
	"github.com/rentproof/rentproof/internal/testserver"
	"github.com/rentproof/rentproof/internal/testworld"
	"github.com/rentproof/rentproof/internal/upload/uploadtest"
)

// client is one signed-in browser against the REST shim.
type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func signUp(t *testing.T, srv *testserver.Server, username, role string) *client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &client{t: t, base: srv.URL, http: &http.Client{Jar: jar}}
	chosen := role
	if role != "tenant" && role != "landlord" {
		chosen = "tenant"
	}
	status, body := c.json(http.MethodPost, "/api/register", map[string]any{
		"username": username, "email": username + "@example.com", "password": "s3cret-pass",
		"firstName": "Pat", "lastName": "Owner", "role": chosen,
	})
	if status != http.StatusOK {
		t.Fatalf("register %s: %d %v", username, status, body)
	}
	if role != chosen { // other roles are granted, not chosen
		if _, err := srv.Pool.Exec(context.Background(), "UPDATE users SET role = $1 WHERE username = $2", role, username); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// in is the same browser driven by subtest t, which its failures then fail.
func (c *client) in(t *testing.T) *client {
	t.Helper()
	d := *c
	d.t = t
	return &d
}

func (c *client) json(method, path string, body any) (int, map[string]any) {
	c.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, c.base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	return c.do(req)
}

func (c *client) do(req *http.Request) (int, map[string]any) {
	c.t.Helper()
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

type part struct {
	field, name string
	data        []byte
}

func (c *client) upload(parts ...part) (int, map[string]any) {
	c.t.Helper()
	res := c.rawUpload(parts...)
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

// rawUpload posts parts as multipart to the upload path and returns the response as it is.
func (c *client) rawUpload(parts ...part) *http.Response {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		w, err := mw.CreateFormFile(p.field, p.name)
		if err != nil {
			c.t.Fatal(err)
		}
		if _, err := w.Write(p.data); err != nil {
			c.t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		c.t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, c.base+"/api/upload/property-images", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	return res
}

func files(body map[string]any) []string {
	var out []string
	list, _ := body["files"].([]any)
	for _, f := range list {
		out = append(out, f.(string))
	}
	return out
}

func listing(images []string) map[string]any {
	return map[string]any{
		"title": "Bright loft near the park", "description": "Sunny two-bedroom loft with tall windows and a quiet street.",
		"address": "12 Elm Street", "city": "Portland", "state": "OR", "zipCode": "97201", "country": "United States",
		"propertyType": "loft", "monthlyRent": 2100, "bedrooms": 2, "bathrooms": 1, "squareFeet": 950,
		"areaUnit": "sqft", "currency": "USD", "yearBuilt": 1924,
		"amenities": []string{"Balcony", "Dishwasher", "Parking", "Elevator", "Yard", "Fireplace"},
		"images":    images,
	}
}

func TestCreatePropertyAsLandlord(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "lenny", "landlord")
	status, up := landlord.upload(part{"images", "front.png", testworld.SmallPNG(t)}, part{"images", "kitchen.png", testworld.SmallPNG(t)})
	urls := files(up)
	if status != http.StatusOK || up["success"] != true || len(urls) != 2 {
		t.Fatalf("upload: %d %v", status, up)
	}
	for _, u := range urls {
		if !strings.HasPrefix(u, "/uploads/properties/") || !strings.HasSuffix(u, ".png") || strings.Contains(u, "front") {
			t.Errorf("stored name %q is not server-generated", u)
		}
		res, err := http.Get(srv.URL + u)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") || !strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
			t.Errorf("serving %s: %d %v", u, res.StatusCode, res.Header)
		}
	}

	body := listing(urls)
	body["landlordId"] = 999 // spoofing is ignored: the caller is the landlord
	body["verified"] = true
	body["rating"] = 5
	status, p := landlord.json(http.MethodPost, "/api/properties", body)
	if status != http.StatusOK {
		t.Fatalf("create: %d %v", status, p)
	}
	var me map[string]any
	_, me = landlord.json(http.MethodGet, "/api/user", nil)
	if p["landlordId"] != me["id"] || p["verified"] != false || p["active"] != true || p["rating"] != 0.0 {
		t.Errorf("server-managed fields: landlord %v (me %v) verified %v active %v rating %v", p["landlordId"], me["id"], p["verified"], p["active"], p["rating"])
	}
	if p["metaDescription"] != "Sunny two-bedroom loft with tall windows and a quiet street." ||
		fmt.Sprint(p["keywords"]) != "[Balcony Dishwasher Parking Elevator Yard]" ||
		!strings.HasPrefix(p["slug"].(string), "bright-loft-near-the-park-") {
		t.Errorf("derived fields: meta %q keywords %v slug %v", p["metaDescription"], p["keywords"], p["slug"])
	}
	// The new listing is found by search right away.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/properties?city=portland", http.NoBody)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var found []map[string]any
	err = json.NewDecoder(res.Body).Decode(&found)
	res.Body.Close()
	if err != nil {
		t.Fatalf("search: %v", err)
	}
	if len(found) != 1 || found[0]["id"] != p["id"] || res.Header.Get("X-Total-Count") != "1" {
		t.Errorf("search finds the new listing: %v (%s)", found, res.Header.Get("X-Total-Count"))
	}

	for _, role := range []string{"agent", "property_manager", "admin"} {
		t.Run(role+" creates", func(t *testing.T) {
			c := signUp(t, srv, "user_"+role, role)
			_, up := c.upload(part{"images", "front.png", testworld.SmallPNG(t)})
			if status, body := c.json(http.MethodPost, "/api/properties", listing(files(up))); status != http.StatusOK {
				t.Errorf("%d %v", status, body)
			}
		})
	}
}

func TestCreatePropertyRefusals(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "lara", "landlord")
	_, up := landlord.upload(part{"images", "a.png", testworld.SmallPNG(t)})
	urls := files(up)

	tenant := signUp(t, srv, "tom", "tenant")
	if status, body := tenant.json(http.MethodPost, "/api/properties", listing(urls)); status != http.StatusForbidden ||
		body["message"] != "Only landlords, agents and property managers can list properties" {
		t.Errorf("tenant: %d %v", status, body)
	}
	if status, _ := tenant.upload(part{"images", "a.png", testworld.SmallPNG(t)}); status != http.StatusForbidden {
		t.Errorf("tenant upload: %d", status)
	}
	anonymous := &client{t: t, base: srv.URL, http: http.DefaultClient}
	if status, _ := anonymous.json(http.MethodPost, "/api/properties", listing(urls)); status != http.StatusUnauthorized {
		t.Errorf("anonymous: %d", status)
	}

	year := time.Now().Year()
	for name, c := range map[string]struct {
		change map[string]any
		field  string
		msg    string
	}{
		"short country":     {map[string]any{"country": "U"}, "country", "Country must be at least 2 characters"},
		"zero rent":         {map[string]any{"monthlyRent": 0}, "monthlyRent", "Rent must be greater than 0"},
		"negative rent":     {map[string]any{"monthlyRent": -5}, "monthlyRent", "Rent must be greater than 0"},
		"old year":          {map[string]any{"yearBuilt": 1499}, "yearBuilt", "Year must be valid"},
		"future year":       {map[string]any{"yearBuilt": year + 1}, "yearBuilt", "Year cannot be in the future"},
		"no area":           {map[string]any{"squareFeet": 0}, "squareFeet", "Square footage must be greater than 0"},
		"bad currency":      {map[string]any{"currency": "XYZ"}, "currency", "Please select a valid currency"},
		"bad unit":          {map[string]any{"areaUnit": "acres"}, "areaUnit", "Area unit must be sqft or sqm"},
		"bad type":          {map[string]any{"propertyType": "castle"}, "propertyType", "Please select a property type"},
		"short title":       {map[string]any{"title": "Flat"}, "title", "Title must be at least 5 characters"},
		"huge title":        {map[string]any{"title": strings.Repeat("x", 10_000)}, "title", "Title must be at most 100 characters"},
		"no title":          {map[string]any{"title": ""}, "title", "Title must be at least 5 characters"},
		"short description": {map[string]any{"description": "Too short"}, "description", "Description must be at least 20 characters"},
		"huge description":  {map[string]any{"description": strings.Repeat("x", 5001)}, "description", "Description must be at most 5000 characters"},
		"no address":        {map[string]any{"address": " "}, "address", "Address is required"},
		"no city":           {map[string]any{"city": ""}, "city", "City is required"},
		"unknown amenity":   {map[string]any{"amenities": []string{"Moat"}}, "amenities", "Please choose amenities from the list"},
		"no images":         {map[string]any{"images": []string{}}, "images", "Please upload at least one image of your property."},
		"six images":        {map[string]any{"images": []string{urls[0], urls[0], urls[0], urls[0], urls[0], urls[0]}}, "images", "You can only upload a maximum of 5 images."},
		"foreign image":     {map[string]any{"images": []string{"https://evil.example/x.png"}}, "images", "Please upload the images again: one of them was not found"},
		"bad latitude":      {map[string]any{"latitude": "north"}, "latitude", "Latitude must be a number between -90 and 90"},
	} {
		t.Run(name, func(t *testing.T) {
			body := listing(urls)
			maps.Copy(body, c.change)
			status, res := landlord.in(t).json(http.MethodPost, "/api/properties", body)
			errs, _ := res["errors"].([]any)
			ok := false
			for _, e := range errs {
				m, _ := e.(map[string]any)
				ok = ok || (m["field"] == c.field && m["message"] == c.msg)
			}
			if status != http.StatusBadRequest || !ok {
				t.Errorf("%d %v", status, res)
			}
		})
	}
	var n int
	if err := srv.Pool.QueryRow(context.Background(), "SELECT count(*) FROM properties").Scan(&n); err != nil || n != 0 {
		t.Errorf("refused listings stored %d properties (%v)", n, err)
	}
}

// A Connect (or gRPC) client gets the words the REST shim and the add-property form use.
func TestCreatePropertyMessagesOverConnect(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "connie", "landlord")
	client := propertyv1connect.NewPropertyServiceClient(landlord.http, srv.URL)
	_, err := client.CreateProperty(context.Background(), connect.NewRequest(&propertyv1.CreatePropertyRequest{
		Title: "Flat", Description: "Too short", Address: "1 Main St", City: "Austin", PropertyType: "loft",
		MonthlyRent: 900, SquareFeet: 400, Images: []string{},
	}))
	got := map[string]string{}
	if ce, ok := errors.AsType[*connect.Error](err); ok {
		for _, d := range ce.Details() {
			if v, derr := d.Value(); derr == nil {
				if br, ok := v.(*errdetails.BadRequest); ok {
					for _, fv := range br.GetFieldViolations() {
						got[fv.GetField()] = fv.GetDescription()
					}
				}
			}
		}
	}
	if connect.CodeOf(err) != connect.CodeInvalidArgument || got["title"] != "Title must be at least 5 characters" ||
		got["description"] != "Description must be at least 20 characters" {
		t.Errorf("%v: %v", err, got)
	}
}

func TestUploadRefusals(t *testing.T) {
	t.Parallel()
	srv := testserver.Start(t, testserver.Options{})
	landlord := signUp(t, srv, "upton", "landlord")
	img := testworld.SmallPNG(t)
	big := append(append([]byte{}, img...), make([]byte, 25<<20)...)
	for name, c := range map[string]struct {
		parts  []part
		status int
		msg    string
	}{
		"php renamed .jpg":  {[]part{{"images", "shell.jpg", []byte("<?php system($_GET['c']); ?>")}}, 400, "shell.jpg is not a JPEG, PNG, GIF or WebP image."},
		"html renamed .jpg": {[]part{{"images", "page.jpg", []byte("<html><script>alert(1)</script></html>")}}, 400, "page.jpg is not a JPEG, PNG, GIF or WebP image."},
		"svg":               {[]part{{"images", "logo.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)}}, 400, "logo.svg is not a JPEG, PNG, GIF or WebP image."},
		"truncated png":     {[]part{{"images", "half.png", img[:20]}}, 400, "half.png is not a JPEG, PNG, GIF or WebP image."},
		"sixth image":       {[]part{{"images", "1.png", img}, {"images", "2.png", img}, {"images", "3.png", img}, {"images", "4.png", img}, {"images", "5.png", img}, {"images", "6.png", img}}, 400, "You can only upload a maximum of 5 images."},
		"oversize":          {[]part{{"images", "huge.png", big}}, 400, "huge.png is larger than 25 MB."},
		"path traversal":    {[]part{{"images", "../../etc/passwd", []byte("root:x:0:0")}}, 400, "passwd is not a JPEG, PNG, GIF or WebP image."},
		"no files":          {[]part{{"other", "a.png", img}}, 400, "Please choose at least one image to upload."},
		"one bad of two":    {[]part{{"images", "ok.png", img}, {"images", "bad.gif", []byte("GIF89a\x01")}}, 400, "bad.gif is not a JPEG, PNG, GIF or WebP image."},
		// Its header is well formed, and says 28,205 x 29,807 pixels.
		"garbage gif":   {[]part{{"images", "bad.gif", []byte("GIF89a-not-really")}}, 400, "bad.gif has 840.7 megapixels: images of up to 50 megapixels are accepted."},
		"damaged png":   {[]part{{"images", "cut.png", img[:len(img)-20]}}, 400, "cut.png could not be read: the image may be damaged."},
		"64 mpx header": {[]part{{"images", "huge.png", uploadtest.PNGHeader(8000, 8000)}}, 400, "huge.png has 64.0 megapixels: images of up to 50 megapixels are accepted."},
	} {
		t.Run(name, func(t *testing.T) {
			status, body := landlord.in(t).upload(c.parts...)
			if status != c.status || body["success"] != false || body["error"] != c.msg {
				t.Errorf("%d %v", status, body)
			}
		})
	}
	// Nothing refused was stored.
	var stored int
	if err := srv.Pool.QueryRow(context.Background(), "SELECT count(*) FROM uploads").Scan(&stored); err != nil || stored != 0 {
		t.Errorf("refused uploads recorded %d files (%v)", stored, err)
	}
	status, body := landlord.upload(part{"images", "good.png", img})
	if status != http.StatusOK {
		t.Fatalf("good upload: %d %v", status, body)
	}
	for _, path := range []string{"/uploads/../go.mod", "/uploads/properties/../../secret", "/uploads/properties/notours.png"} {
		t.Run("GET "+path, func(t *testing.T) {
			res, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode == http.StatusOK && strings.HasPrefix(res.Header.Get("Content-Type"), "image/") {
				t.Errorf("%s served a file", path)
			}
		})
	}
}
