package passkey_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/fxamacker/cbor/v2"
)

// authenticator is a software passkey authenticator, as a browser's platform authenticator
// behaves: it makes an ES256 key for a relying party, keeps the user handle it was given (a
// discoverable credential), verifies the user, and signs assertions with a rising counter.
type authenticator struct {
	t      *testing.T
	origin string // what the browser writes into the client data
	key    *ecdsa.PrivateKey
	id     []byte
	rpID   string
	handle []byte
	count  uint32
}

var b64 = base64.RawURLEncoding

func newAuthenticator(t *testing.T, origin string) *authenticator {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	return &authenticator{t: t, origin: origin, key: key, id: id}
}

// options is what the authenticator reads of a ceremony's options.
type options struct {
	Challenge string `json:"challenge"`
	RPID      string `json:"rpId"`
	RP        struct {
		ID string `json:"id"`
	} `json:"rp"`
	User struct {
		ID string `json:"id"`
	} `json:"user"`
	UserVerification       string `json:"userVerification"`
	AuthenticatorSelection struct {
		ResidentKey      string `json:"residentKey"`
		UserVerification string `json:"userVerification"`
	} `json:"authenticatorSelection"`
}

func (a *authenticator) read(optionsJSON string) options {
	a.t.Helper()
	var o options
	if err := json.Unmarshal([]byte(optionsJSON), &o); err != nil {
		a.t.Fatalf("options %s: %v", optionsJSON, err)
	}
	return o
}

func (a *authenticator) clientData(kind, challenge string) []byte {
	b, _ := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": a.origin, "crossOrigin": false})
	return b
}

// authData is the authenticator data: the relying party's hash, flags (user present and
// verified, plus attested data at registration), the counter, and the attested credential.
func (a *authenticator) authData(attested []byte) []byte {
	rp := sha256.Sum256([]byte(a.rpID))
	flags := byte(0x01 | 0x04)
	if attested != nil {
		flags |= 0x40
	}
	out := append(rp[:], flags)
	out = binary.BigEndian.AppendUint32(out, a.count)
	return append(out, attested...)
}

// create answers navigator.credentials.create: a RegistrationResponseJSON.
func (a *authenticator) create(optionsJSON string) string {
	a.t.Helper()
	o := a.read(optionsJSON)
	if o.AuthenticatorSelection.ResidentKey != "required" || o.AuthenticatorSelection.UserVerification != "required" {
		a.t.Fatalf("registration asks for residentKey %q, userVerification %q: want a discoverable credential with user verification",
			o.AuthenticatorSelection.ResidentKey, o.AuthenticatorSelection.UserVerification)
	}
	a.rpID = o.RP.ID
	handle, err := b64.DecodeString(o.User.ID)
	if err != nil {
		a.t.Fatal(err)
	}
	a.handle = handle
	x, y := make([]byte, 32), make([]byte, 32)
	a.key.X.FillBytes(x)
	a.key.Y.FillBytes(y)
	cose, err := cbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: x, -3: y})
	if err != nil {
		a.t.Fatal(err)
	}
	attested := append(make([]byte, 0, 18+len(a.id)+len(cose)), make([]byte, 16)...) // AAGUID: none
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(a.id)))
	attested = append(append(attested, a.id...), cose...)
	object, err := cbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": a.authData(attested)})
	if err != nil {
		a.t.Fatal(err)
	}
	return a.answer(map[string]any{
		"clientDataJSON":    b64.EncodeToString(a.clientData("webauthn.create", o.Challenge)),
		"attestationObject": b64.EncodeToString(object),
		"transports":        []string{"internal"},
	})
}

// get answers navigator.credentials.get: an AuthenticationResponseJSON, signed, with the user
// handle a discoverable credential returns.
func (a *authenticator) get(optionsJSON string) string {
	a.t.Helper()
	o := a.read(optionsJSON)
	if o.UserVerification != "required" {
		a.t.Fatalf("assertion asks for userVerification %q: want required", o.UserVerification)
	}
	return a.sign(o.Challenge, a.handle)
}

// sign is an assertion over challenge claiming handle as the user.
func (a *authenticator) sign(challenge string, handle []byte) string {
	a.t.Helper()
	a.count++
	data := a.authData(nil)
	client := a.clientData("webauthn.get", challenge)
	clientHash := sha256.Sum256(client)
	digest := sha256.Sum256(append(append([]byte{}, data...), clientHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, digest[:])
	if err != nil {
		a.t.Fatal(err)
	}
	return a.answer(map[string]any{
		"clientDataJSON":    b64.EncodeToString(client),
		"authenticatorData": b64.EncodeToString(data),
		"signature":         b64.EncodeToString(sig),
		"userHandle":        b64.EncodeToString(handle),
	})
}

func (a *authenticator) answer(response map[string]any) string {
	b, _ := json.Marshal(map[string]any{
		"id": b64.EncodeToString(a.id), "rawId": b64.EncodeToString(a.id), "type": "public-key",
		"response": response, "clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform",
	})
	return string(b)
}
