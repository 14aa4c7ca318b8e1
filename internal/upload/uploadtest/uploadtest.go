// Package uploadtest makes real image files for tests of uploads: encoded by the standard
// library's encoders, or, for what it has none of (WebP, EXIF), written byte by byte to the
// formats' specifications.
package uploadtest

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// writeBinary writes v to buf in order; binary.Write fails only for a value of no fixed size,
// which would be a bug here.
func writeBinary(buf *bytes.Buffer, order binary.ByteOrder, v any) {
	if err := binary.Write(buf, order, v); err != nil {
		panic(err)
	}
}

// PNG encodes m as PNG.
func PNG(m image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// JPEG encodes m as JPEG (quality 90).
func JPEG(m image.Image) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// Halves is a w×h opaque image whose left half is left and right half is right.
func Halves(w, h int, left, right color.RGBA) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			if x < w/2 {
				m.SetRGBA(x, y, left)
			} else {
				m.SetRGBA(x, y, right)
			}
		}
	}
	return m
}

// PNGHeader is a PNG that has a header claiming w×h 8-bit grey pixels and no pixel data: any
// decoder that reads past the header fails on it.
func PNGHeader(w, h int) []byte {
	var buf bytes.Buffer
	buf.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8] = 8 // bit depth; colour type 0 (grey), no interlace
	writeChunk(&buf, "IHDR", ihdr)
	writeChunk(&buf, "IEND", nil)
	return buf.Bytes()
}

func writeChunk(buf *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	buf.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	buf.WriteString(typ)
	buf.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	buf.Write(n[:])
}

// Marker is text WithEXIF hides in the EXIF block (as the GPS area information), so a test can
// tell whether any of it survived.
const Marker = "GPS 48.85837N 2.29448E SECRET"

// WithEXIF inserts into a JPEG an EXIF block (APP1) of the kind phones write: an orientation
// tag, and a GPS directory holding a latitude reference and Marker.
func WithEXIF(jpg []byte, orientation uint16) []byte {
	be := binary.BigEndian
	var t bytes.Buffer
	t.WriteString("MM\x00*")
	writeBinary(&t, be, uint32(8)) // IFD0 follows the header
	// IFD0: orientation, and the offset of the GPS IFD.
	const ifd0Entries = 2
	gpsIFD := uint32(8 + 2 + 12*ifd0Entries + 4)
	writeBinary(&t, be, uint16(ifd0Entries))
	writeBinary(&t, be, []uint16{0x0112, 3})
	writeBinary(&t, be, uint32(1))
	writeBinary(&t, be, []uint16{orientation, 0})
	writeBinary(&t, be, []uint16{0x8825, 4})
	writeBinary(&t, be, uint32(1))
	writeBinary(&t, be, gpsIFD)
	writeBinary(&t, be, uint32(0)) // no IFD1
	// GPS IFD: latitude reference "N" (inline) and the area information (after the IFD).
	const gpsEntries = 2
	text := append([]byte("ASCII\x00\x00\x00"), Marker...)
	writeBinary(&t, be, uint16(gpsEntries))
	writeBinary(&t, be, []uint16{0x0001, 2})
	writeBinary(&t, be, uint32(2))
	t.WriteString("N\x00\x00\x00")
	writeBinary(&t, be, []uint16{0x001C, 7})
	writeBinary(&t, be, uint32(len(text)))
	writeBinary(&t, be, gpsIFD+2+12*gpsEntries+4)
	writeBinary(&t, be, uint32(0))
	t.Write(text)

	seg := append([]byte("Exif\x00\x00"), t.Bytes()...)
	out := append([]byte{}, jpg[:2]...) // SOI
	out = append(out, 0xFF, 0xE1, byte((len(seg)+2)>>8), byte(len(seg)+2))
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

// LosslessWebP writes a w×h lossless WebP (VP8L) whose pixels are each a or b, as at(x, y)
// says (true: a). It uses the format's simplest legal coding: no transforms, no colour cache,
// one group of "simple" prefix codes with at most two symbols per channel, so each pixel costs
// one bit a channel that differs between a and b (none when a == b: a solid image of any size
// is a few bytes, which is what makes WebP a handy decompression bomb).
func LosslessWebP(w, h int, a, b color.NRGBA, at func(x, y int) bool) []byte {
	var bw bitWriter
	bw.write(0x2f, 8) // VP8L signature
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	alpha := uint32(0)
	if a.A != 255 || b.A != 255 {
		alpha = 1
	}
	bw.write(alpha, 1)
	bw.write(0, 3) // version
	bw.write(0, 1) // no transform
	bw.write(0, 1) // no colour cache
	bw.write(0, 1) // no meta prefix codes
	// Codes in the order green, red, blue, alpha, distance; pixels are read in the same order
	// but for distance.
	channels := [][2]uint8{{a.G, b.G}, {a.R, b.R}, {a.B, b.B}, {a.A, b.A}, {0, 0}}
	for _, c := range channels {
		bw.write(1, 1) // simple code
		if c[0] == c[1] {
			bw.write(0, 1) // one symbol
			bw.write(1, 1) // of 8 bits
			bw.write(uint32(c[0]), 8)
			continue
		}
		// Two symbols of 8 bits. Decoders differ on which is coded 0 (libwebp: the smaller
		// value; Go: the first listed), so the smaller is listed first.
		bw.write(1, 1)
		bw.write(1, 1)
		bw.write(uint32(min(c[0], c[1])), 8)
		bw.write(uint32(max(c[0], c[1])), 8)
	}
	for y := range h {
		for x := range w {
			isA := at(x, y)
			for _, c := range channels[:4] {
				if c[0] == c[1] {
					continue
				}
				v := c[1]
				if isA {
					v = c[0]
				}
				if v == max(c[0], c[1]) {
					bw.write(1, 1)
				} else {
					bw.write(0, 1)
				}
			}
		}
	}
	data := bw.bytes()
	var out bytes.Buffer
	out.WriteString("RIFF")
	pad := len(data) & 1
	writeBinary(&out, binary.LittleEndian, uint32(4+8+len(data)+pad))
	out.WriteString("WEBPVP8L")
	writeBinary(&out, binary.LittleEndian, uint32(len(data)))
	out.Write(data)
	if pad == 1 {
		out.WriteByte(0)
	}
	return out.Bytes()
}

// bitWriter writes bits least significant first, as VP8L reads them.
type bitWriter struct {
	buf   []byte
	acc   uint64
	nbits uint
}

func (b *bitWriter) write(v uint32, n uint) {
	b.acc |= uint64(v&(1<<n-1)) << b.nbits
	b.nbits += n
	for b.nbits >= 8 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc >>= 8
		b.nbits -= 8
	}
}

func (b *bitWriter) bytes() []byte {
	if b.nbits > 0 {
		return append(b.buf, byte(b.acc))
	}
	return b.buf
}
